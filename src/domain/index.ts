export * from './format';
export * from './pricing';
export * from './localities';
export * from './states';
export * from './stages';
export * from './masks';
export * from './documents';
