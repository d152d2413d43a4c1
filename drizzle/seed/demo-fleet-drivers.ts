/**
 * @module The demo fleet's people: the corporate groups of Fleetwise Logistics and a dozen drivers
 * with plates, permissions, limits and how much they charge (one deleted, two charging now).
 */

export const DEMO_FLEET_GROUPS = ['Sales', 'Field technicians', 'Management'] as const;

export interface Driver {
  email: string;
  name: [string, string];
  plate: string;
  group: (typeof DEMO_FLEET_GROUPS)[number];
  public?: boolean;
  work?: boolean;
  home?: boolean;
  monthly?: number;
  daily?: number;
  /** kWh per session and sessions per month in the history. */
  kwh: number;
  perMonth: number;
  charging?: boolean;
  deleted?: boolean;
}

export const DEMO_DRIVERS: readonly Driver[] = [
  {
    email: 'camille.durand@fleetwise.test',
    name: ['Camille', 'Durand'],
    plate: 'FW-101-LY',
    group: 'Sales',
    public: true,
    work: true,
    monthly: 250,
    kwh: 32,
    perMonth: 9,
    charging: true,
  },
  {
    email: 'lucas.bernard@fleetwise.test',
    name: ['Lucas', 'Bernard'],
    plate: 'FW-102-LY',
    group: 'Sales',
    public: true,
    work: true,
    monthly: 200,
    kwh: 41,
    perMonth: 6,
  },
  {
    email: 'manon.petit@fleetwise.test',
    name: ['Manon', 'Petit'],
    plate: 'FW-103-LY',
    group: 'Sales',
    work: true,
    kwh: 22,
    perMonth: 8,
  },
  {
    email: 'hugo.robert@fleetwise.test',
    name: ['Hugo', 'Robert'],
    plate: 'FW-104-LY',
    group: 'Field technicians',
    public: true,
    work: true,
    home: true,
    monthly: 400,
    daily: 60,
    kwh: 48,
    perMonth: 10,
  },
  {
    email: 'lea.richard@fleetwise.test',
    name: ['Léa', 'Richard'],
    plate: 'FW-105-LY',
    group: 'Field technicians',
    work: true,
    home: true,
    monthly: 150,
    kwh: 30,
    perMonth: 5,
    charging: true,
  },
  {
    email: 'nathan.moreau@fleetwise.test',
    name: ['Nathan', 'Moreau'],
    plate: 'FW-106-LY',
    group: 'Field technicians',
    public: true,
    kwh: 36,
    perMonth: 7,
  },
  {
    email: 'chloe.simon@fleetwise.test',
    name: ['Chloé', 'Simon'],
    plate: 'FW-107-LY',
    group: 'Field technicians',
    work: true,
    monthly: 300,
    kwh: 27,
    perMonth: 4,
  },
  {
    email: 'theo.laurent@fleetwise.test',
    name: ['Théo', 'Laurent'],
    plate: 'FW-108-LY',
    group: 'Management',
    public: true,
    work: true,
    home: true,
    kwh: 55,
    perMonth: 5,
  },
  {
    email: 'sarah.michel@fleetwise.test',
    name: ['Sarah', 'Michel'],
    plate: 'FW-109-LY',
    group: 'Management',
    work: true,
    home: true,
    monthly: 120,
    kwh: 25,
    perMonth: 3,
  },
  {
    email: 'louis.garcia@fleetwise.test',
    name: ['Louis', 'Garcia'],
    plate: 'FW-110-LY',
    group: 'Sales',
    work: true,
    kwh: 18,
    perMonth: 2,
    deleted: true,
  },
];
