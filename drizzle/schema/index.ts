/** @module The D1 schema: the system of record. */
export * from './auth';
export * from './companies';
export * from './fleet';
export * from './groups';
export * from './rfids';
export * from './sessions';
export * from './station-files';
export * from './stations';
export * from './system';
export * from './tariffs';
export * from './tickets';
export * from './users';
export * from './vehicles';
