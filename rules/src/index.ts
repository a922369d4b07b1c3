export * from './levels';
export * from './fund-status';
export * from './synd-user';
export * from './money';
export * from './display';
export * from './contracts';
export * from './hosts';
export * from './commitment';
