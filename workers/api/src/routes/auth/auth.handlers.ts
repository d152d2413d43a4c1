/** @module Session and authentication calls of spec 7.1: login and logout, 2FA (e-mail and authenticator), reset, single sign-on. */

import type { AppEnv } from '@api/env';
import { OpenAPIHono } from '@hono/zod-openapi';
import { loginRoutes } from './login/login.handlers';
import { resetPasswordRoutes } from './reset-password/reset-password.handlers';
import { ssoRoutes } from './sso/sso.handlers';
import { twoFactorRoutes } from './two-factor/two-factor.handlers';

export const authRoutes = new OpenAPIHono<AppEnv>()
  .route('/', loginRoutes)
  .route('/', twoFactorRoutes)
  .route('/', resetPasswordRoutes)
  .route('/', ssoRoutes);
