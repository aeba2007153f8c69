export * from './constants';
export * from './countries';
export * from './access';
export * from './models';
export * from './realtime';
export * from './messages';
export * from './names';
export * from './signals';
