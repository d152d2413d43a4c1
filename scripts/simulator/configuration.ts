/** @module A charge point's OCPP 1.6 configuration keys and the Get/ChangeConfiguration rules (pure). */

type Kind = 'int' | 'bool' | 'csl' | 'string';

interface Key {
  value: string;
  readonly: boolean;
  kind: Kind;
  /** Takes effect only after a reboot, so ChangeConfiguration answers RebootRequired. */
  reboot?: boolean;
  /** Security Whitepaper: the key can be written but never read back. */
  writeOnly?: boolean;
}

export type ChangeStatus = 'Accepted' | 'Rejected' | 'RebootRequired' | 'NotSupported';

export function defaultConfiguration(connectors: number, meterIntervalSeconds: number): Map<string, Key> {
  const measurands = 'Energy.Active.Import.Register,Power.Active.Import,Current.Import,Voltage,SoC';
  const entries: [string, Key][] = [
    ['AllowOfflineTxForUnknownId', { value: 'false', readonly: false, kind: 'bool' }],
    ['AuthorizationCacheEnabled', { value: 'true', readonly: false, kind: 'bool' }],
    ['AuthorizeRemoteTxRequests', { value: 'false', readonly: false, kind: 'bool' }],
    ['ClockAlignedDataInterval', { value: '0', readonly: false, kind: 'int' }],
    ['ConnectionTimeOut', { value: '60', readonly: false, kind: 'int' }],
    ['GetConfigurationMaxKeys', { value: '50', readonly: true, kind: 'int' }],
    ['HeartbeatInterval', { value: '300', readonly: false, kind: 'int' }],
    ['LocalAuthorizeOffline', { value: 'true', readonly: false, kind: 'bool' }],
    ['LocalPreAuthorize', { value: 'false', readonly: false, kind: 'bool' }],
    ['MeterValuesAlignedData', { value: 'Energy.Active.Import.Register', readonly: false, kind: 'csl' }],
    ['MeterValuesSampledData', { value: measurands, readonly: false, kind: 'csl' }],
    ['MeterValueSampleInterval', { value: String(meterIntervalSeconds), readonly: false, kind: 'int' }],
    ['NumberOfConnectors', { value: String(connectors), readonly: true, kind: 'int' }],
    ['ResetRetries', { value: '3', readonly: false, kind: 'int' }],
    ['StopTransactionOnEVSideDisconnect', { value: 'true', readonly: false, kind: 'bool' }],
    ['StopTransactionOnInvalidId', { value: 'true', readonly: false, kind: 'bool' }],
    ['StopTxnSampledData', { value: 'Energy.Active.Import.Register', readonly: false, kind: 'csl' }],
    [
      'SupportedFeatureProfiles',
      {
        value: 'Core,FirmwareManagement,LocalAuthListManagement,Reservation,SmartCharging,RemoteTrigger',
        readonly: true,
        kind: 'csl',
      },
    ],
    ['TransactionMessageAttempts', { value: '3', readonly: false, kind: 'int' }],
    ['TransactionMessageRetryInterval', { value: '30', readonly: false, kind: 'int' }],
    ['UnlockConnectorOnEVSideDisconnect', { value: 'true', readonly: false, kind: 'bool' }],
    ['WebSocketPingInterval', { value: '60', readonly: false, kind: 'int', reboot: true }],
    ['LocalAuthListEnabled', { value: 'true', readonly: false, kind: 'bool' }],
    ['LocalAuthListMaxLength', { value: '1000', readonly: true, kind: 'int' }],
    ['SendLocalListMaxLength', { value: '100', readonly: true, kind: 'int' }],
    ['ReserveConnectorZeroSupported', { value: 'false', readonly: true, kind: 'bool' }],
    ['ChargeProfileMaxStackLevel', { value: '10', readonly: true, kind: 'int' }],
    ['ChargingScheduleAllowedChargingRateUnit', { value: 'Current,Power', readonly: true, kind: 'csl' }],
    ['ChargingScheduleMaxPeriods', { value: '24', readonly: true, kind: 'int' }],
    ['MaxChargingProfilesInstalled', { value: '10', readonly: true, kind: 'int' }],
    ['SupportedFeatureProfilesMaxLength', { value: '6', readonly: true, kind: 'int' }],
    // Security Whitepaper keys.
    ['AuthorizationKey', { value: '', readonly: false, kind: 'string', writeOnly: true }],
    ['SecurityProfile', { value: '1', readonly: false, kind: 'int', reboot: true }],
    ['CpoName', { value: 'Voltaria Networks', readonly: false, kind: 'string' }],
    ['CertificateStoreMaxLength', { value: '10', readonly: true, kind: 'int' }],
    ['AdditionalRootCertificateCheck', { value: 'false', readonly: true, kind: 'bool' }],
  ];
  return new Map(entries);
}

export function getConfiguration(config: Map<string, Key>, keys?: string[]) {
  const wanted = keys && keys.length > 0 ? keys : [...config.keys()];
  const configurationKey = wanted
    .filter((k) => config.has(k))
    .map((key) => {
      const entry = config.get(key) as Key;
      return entry.writeOnly ? { key, readonly: false } : { key, readonly: entry.readonly, value: entry.value };
    });
  const unknownKey = wanted.filter((k) => !config.has(k));
  return unknownKey.length > 0 ? { configurationKey, unknownKey } : { configurationKey };
}

function valid(kind: Kind, value: string, key: string): boolean {
  if (kind === 'int') return /^\d+$/.test(value);
  if (kind === 'bool') return value === 'true' || value === 'false';
  // AuthorizationKey: 16–20 bytes per the whitepaper (stored as 32–40 hex characters or plain text).
  if (key === 'AuthorizationKey') return value.length >= 16 && value.length <= 40;
  if (key === 'SecurityProfile') return /^[0-3]$/.test(value);
  return true;
}

export function changeConfiguration(config: Map<string, Key>, key: string, value: string): ChangeStatus {
  const entry = config.get(key);
  if (!entry) return 'NotSupported';
  if (entry.readonly || !valid(entry.kind, value, key)) return 'Rejected';
  // Security profiles can only be raised (whitepaper 1.3.3), and this simulator speaks profile 1 only.
  if (key === 'SecurityProfile' && value !== '1') return 'Rejected';
  entry.value = value;
  return entry.reboot ? 'RebootRequired' : 'Accepted';
}

export function intValue(config: Map<string, Key>, key: string, fallback: number): number {
  const n = Number(config.get(key)?.value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
