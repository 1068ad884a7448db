export * from './answers';
export * from './answer-shapes';
export * from './check-answer';
export * from './requests';
export * from './endpoints';
