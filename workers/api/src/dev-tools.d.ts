/** True in local and test builds only; production builds define it false so dev routes are dropped. */
declare const __DEV_TOOLS__: boolean;
