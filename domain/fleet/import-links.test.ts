import { describe, expect, it } from 'vitest';
import { matchCards, resolveCorporateGroups } from './import-links';

describe('what an imported user row points at (spec 7.8 users/import)', () => {
  const groups = [
    { id: 3, name: 'Sales' },
    { id: 4, name: ' Drivers ' },
    { id: 5, name: 'drivers' },
    { id: 12, name: 'Night shift' },
  ];

  it('a corporate group by its one name (case and spaces ignored), else by id; two names alike are ambiguous', () => {
    const rows = [
      { row: 2, corporateGroup: 'sales' },
      { row: 3, corporateGroup: '12' },
      { row: 4, corporateGroup: 'Drivers' },
      { row: 5, corporateGroup: '99' },
      { row: 6, corporateGroup: 'Nobody' },
    ];
    const { groupIds, issues } = resolveCorporateGroups(rows, groups);
    expect([...groupIds]).toEqual([
      ['sales', 3],
      ['12', 12],
    ]);
    expect(issues).toEqual([
      { row: 4, column: 'corporate_group', value: 'Drivers', message: 'importGroupAmbiguous' },
      { row: 5, column: 'corporate_group', value: '99', message: 'importGroupNotFound' },
      { row: 6, column: 'corporate_group', value: 'Nobody', message: 'importGroupNotFound' },
    ]);
  });

  it('a free active card of the scope is handed over; a new UUID makes a card; any other card is an error', () => {
    const card = (
      id: number,
      uuid: string,
      over: Partial<{ company_id: number; user_id: number | null; status: string }> = {},
    ) => ({
      id,
      uuid,
      company_id: 1,
      user_id: null,
      status: 'active',
      ...over,
    });
    const cards = [
      card(10, 'FREE'),
      card(11, 'TAKEN', { user_id: 7 }),
      card(12, 'OTHER', { company_id: 2 }),
      card(13, 'BLOCKED', { status: 'blocked' }),
    ];
    const rows = ['FREE', 'NEW', 'TAKEN', 'OTHER', 'BLOCKED', null].map((rfidUuid, i) => ({ row: i + 2, rfidUuid }));
    const { existingCards, issues } = matchCards(rows, cards, [1]);
    expect([...existingCards]).toEqual([['FREE', 10]]);
    expect(issues).toEqual([
      { row: 4, column: 'rfid_uuid', value: 'TAKEN', message: 'rfidAlreadyAssigned' },
      { row: 5, column: 'rfid_uuid', value: 'OTHER', message: 'rfidUuidExists' },
      { row: 6, column: 'rfid_uuid', value: 'BLOCKED', message: 'rfidUuidExists' },
    ]);
  });
});
