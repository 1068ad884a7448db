export * from './answers';
export * from './answer-shapes';
export * from './answer-shapes-after-decision';
export * from './check-answer';
export * from './requests';
export * from './endpoints';
