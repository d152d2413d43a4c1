/** @module The D1 schema: the system of record. */
export * from './auth';
export * from './companies';
export * from './customer-groups';
export * from './fleet';
export * from './groups';
export * from './onboarding';
export * from './rfids';
export * from './self-service';
export * from './session-sums';
export * from './sessions';
export * from './station-files';
export * from './stations';
export * from './system';
export * from './tariffs';
export * from './tickets';
export * from './users';
export * from './vehicles';
