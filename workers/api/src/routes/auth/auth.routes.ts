/** @module Session and authentication calls of spec 7.1: login, 2FA (e-mail and authenticator), reset, logout. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { authenticatorRoutes } from './authenticator.routes';
import { loginRoutes } from './login.routes';
import { resetPasswordRoutes } from './reset-password.routes';
import { twoFactorRoutes } from './two-factor.routes';

export const authRoutes = new OpenAPIHono<AppEnv>()
  .route('/', loginRoutes)
  .route('/', twoFactorRoutes)
  .route('/', authenticatorRoutes)
  .route('/', resetPasswordRoutes);
