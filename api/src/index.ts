export { buildServer } from './server';
export { loadConfig, ConfigError, type Config } from './config';
export { startServer, main, type RunningServer, type StartMode } from './main';
