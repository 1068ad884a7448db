export * from './answers';
export * from './requests';
export * from './endpoints';
