/** @module UI texts of the reimbursementJobs area (see define.ts), issue 19 home reimbursement. */
import { defineArea } from './define';

export const reimbursementJobs = defineArea(
  {
    title: 'Home reimbursement',
  },
  {
    de: { title: 'Heimlade-Erstattung' },
    fr: { title: 'Remboursement de la recharge à domicile' },
    nl: { title: 'Thuislaadvergoeding' },
    it: { title: 'Rimborso ricarica domestica' },
    es: { title: 'Reembolso de la carga en casa' },
    pt: { title: 'Reembolso do carregamento em casa' },
  },
);
