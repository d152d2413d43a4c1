/** @module Which certificate authority serves this deployment, and the built-in one, loaded once per isolate. */
import { type CertificateAuthority, loadAuthority } from '@domain/certificates/authority';

export type CertificateAuthorityMode = 'none' | 'external' | 'built-in';

export function authorityMode(env: Env): CertificateAuthorityMode {
  if (!env.OCPP_CA_CERTIFICATE_CHAIN?.trim()) return 'none';
  return env.OCPP_CA_PRIVATE_KEY?.trim() ? 'built-in' : 'external';
}

/** The CA is read and checked once per isolate (and again only if the configuration changes). */
let loaded: { chain: string; key: string; authority: Promise<CertificateAuthority> } | null = null;

/** The built-in CA; null without its key. Rejects with an AuthorityError for a configuration it cannot use. */
export function builtInAuthority(env: Env): Promise<CertificateAuthority> | null {
  const chain = env.OCPP_CA_CERTIFICATE_CHAIN?.trim() ?? '';
  const key = env.OCPP_CA_PRIVATE_KEY?.trim() ?? '';
  if (!chain || !key) return null;
  if (loaded?.chain !== chain || loaded.key !== key) loaded = { chain, key, authority: loadAuthority(chain, key) };
  return loaded.authority;
}
