/**
 * @module The OCPP 2.0.1 device model (block B, ADR 058 addendum): what a station reports in
 * NotifyReport, as the rows the back office keeps, and the names the maintenance screen uses for its
 * variables. A variable's **key** is `Component[:instance][@evse[.connector]]/Variable[:instance]`
 * (`OCPPCommCtrlr/HeartbeatInterval`, `EVSE@1/Power`, `Connector@1.1/ConnectorType`); it is the
 * configuration key GetConfiguration/ChangeConfiguration use on a 2.0.1 station, where they become
 * GetVariables/SetVariables. A few 1.6 key names are understood too (`HeartbeatInterval`…).
 */

export interface ComponentRef {
  name: string;
  instance?: string;
  evse?: { id: number; connectorId?: number };
}
export interface VariableRef {
  name: string;
  instance?: string;
}
export interface VariableAttribute {
  type?: string;
  value?: string;
  mutability?: string;
  persistent?: boolean;
  constant?: boolean;
}
export interface ReportData {
  component: ComponentRef;
  variable: VariableRef;
  variableAttribute: VariableAttribute[];
  variableCharacteristics?: {
    unit?: string;
    dataType: string;
    minLimit?: number;
    maxLimit?: number;
    valuesList?: string;
  };
}

/** One attribute of one variable, as `station_device_variables` keeps it. */
export interface DeviceVariableRow {
  key: string;
  component: string;
  componentInstance: string | null;
  evseId: number | null;
  connectorId: number | null;
  variable: string;
  variableInstance: string | null;
  attributeType: string;
  value: string | null;
  mutability: string | null;
  persistent: boolean | null;
  constant: boolean | null;
  dataType: string | null;
  unit: string | null;
  minLimit: number | null;
  maxLimit: number | null;
  valuesList: string | null;
}

export function variableKey(component: ComponentRef, variable: VariableRef): string {
  let c = component.name;
  if (component.instance !== undefined) c += `:${component.instance}`;
  if (component.evse) {
    c += `@${component.evse.id}`;
    if (component.evse.connectorId !== undefined) c += `.${component.evse.connectorId}`;
  }
  const v = variable.instance !== undefined ? `${variable.name}:${variable.instance}` : variable.name;
  return `${c}/${v}`;
}

/** 1.6 configuration keys and the 2.0.1 variable that holds the same setting (OCPP 2.0.1 part 2, appendix). */
export const V16_KEY_ALIASES: Readonly<Record<string, string>> = {
  HeartbeatInterval: 'OCPPCommCtrlr/HeartbeatInterval',
  WebSocketPingInterval: 'OCPPCommCtrlr/WebSocketPingInterval',
  ResetRetries: 'OCPPCommCtrlr/ResetRetries',
  MeterValueSampleInterval: 'SampledDataCtrlr/TxUpdatedInterval',
  MeterValuesSampledData: 'SampledDataCtrlr/TxUpdatedMeasurands',
  ClockAlignedDataInterval: 'AlignedDataCtrlr/Interval',
  MeterValuesAlignedData: 'AlignedDataCtrlr/Measurands',
  ConnectionTimeOut: 'TxCtrlr/EVConnectionTimeOut',
  StopTransactionOnInvalidId: 'TxCtrlr/StopTxOnInvalidId',
  LocalPreAuthorize: 'AuthCtrlr/LocalPreAuthorize',
  LocalAuthorizeOffline: 'AuthCtrlr/LocalAuthorizeOffline',
  AuthorizationCacheEnabled: 'AuthCacheCtrlr/Enabled',
  LocalAuthListEnabled: 'LocalAuthListCtrlr/Enabled',
  SecurityProfile: 'SecurityCtrlr/SecurityProfile',
};

const KEY = /^([^:@/]+)(?::([^@/]+))?(?:@(\d+)(?:\.(\d+))?)?\/([^:/]+)(?::(.+))?$/;

/** The component and variable a configuration key names (a 1.6 alias or a key of ours); null if neither. */
export function parseVariableKey(key: string): { component: ComponentRef; variable: VariableRef } | null {
  const m = KEY.exec(V16_KEY_ALIASES[key] ?? key);
  if (!m) return null;
  const [, name, instance, evse, connector, variable, variableInstance] = m;
  if (!name || !variable) return null;
  const component: ComponentRef = { name };
  if (instance !== undefined) component.instance = instance;
  if (evse !== undefined) {
    component.evse = { id: Number(evse) };
    if (connector !== undefined) component.evse.connectorId = Number(connector);
  }
  return {
    component,
    variable: variableInstance !== undefined ? { name: variable, instance: variableInstance } : { name: variable },
  };
}

/** Every attribute of every reported variable as a row (attribute type Actual when not named). */
export function deviceVariableRows(reportData: readonly ReportData[]): DeviceVariableRow[] {
  return reportData.flatMap((d) =>
    d.variableAttribute.map((a) => ({
      key: variableKey(d.component, d.variable),
      component: d.component.name,
      componentInstance: d.component.instance ?? null,
      evseId: d.component.evse?.id ?? null,
      connectorId: d.component.evse?.connectorId ?? null,
      variable: d.variable.name,
      variableInstance: d.variable.instance ?? null,
      attributeType: a.type ?? 'Actual',
      value: a.value ?? null,
      mutability: a.mutability ?? null,
      persistent: a.persistent ?? null,
      constant: a.constant ?? null,
      dataType: d.variableCharacteristics?.dataType ?? null,
      unit: d.variableCharacteristics?.unit ?? null,
      minLimit: d.variableCharacteristics?.minLimit ?? null,
      maxLimit: d.variableCharacteristics?.maxLimit ?? null,
      valuesList: d.variableCharacteristics?.valuesList ?? null,
    })),
  );
}

/** A 1.6 configurationKey entry from a stored Actual attribute: read-only unless the station said writable. */
export function configurationKeyOf(row: Pick<DeviceVariableRow, 'key' | 'value' | 'mutability'>): {
  key: string;
  value?: string;
  readonly: boolean;
} {
  return {
    key: row.key,
    ...(row.value !== null ? { value: row.value } : {}),
    readonly: row.mutability === 'ReadOnly',
  };
}
