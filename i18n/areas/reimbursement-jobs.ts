/**
 * @module UI texts of the reimbursementJobs area (see define.ts), issue 19 home reimbursement: the
 * monthly job on the job-runs page, the recalculation of a month, and the alert e-mail of a failed run.
 */
import { defineArea } from './define';

export const reimbursementJobs = defineArea(
  {
    title: 'Home reimbursement',
    jobs: {
      jobName: 'Home reimbursements',
      run: 'Run home reimbursements',
      confirmTitle: 'Compute the home reimbursements of {{period}}?',
      confirmBody:
        'Every employee of a reimbursing fleet company gets the month computed from their home sessions. A month already computed is left as it is.',
      progress: '{{processed}} of {{total}} employees',
    },
    recalc: {
      title: 'Recalculate a month',
      body: 'Computes the home reimbursements of your company for a month again, after a tariff was corrected. Reimbursements already processed or paid are never changed.',
      year: 'Year',
      month: 'Month',
      submit: 'Recalculate',
      confirmTitle: 'Recalculate {{period}}?',
      confirmBody:
        'A reimbursement whose value changes goes back to its first status and must be validated again. This cannot be undone.',
      confirm: 'Recalculate',
      cancel: 'Cancel',
      created: 'Created: {{count}}',
      changed: 'Changed: {{count}}',
      unchanged: 'Unchanged: {{count}}',
      skipped: 'Skipped: {{count}}',
      changedLine: 'Employee {{userId}}: {{from}} → {{to}}',
      done: 'Month recalculated',
    },
    alert: {
      subject: 'Home reimbursements of {{period}}: the monthly run failed',
      body: 'The monthly computation of the home reimbursements of {{period}} stopped with an error: {{reason}}\n\nIt is retried automatically; the error is also shown on the job-runs page.',
    },
  },
  {
    de: {
      title: 'Heimlade-Erstattung',
      jobs: {
        jobName: 'Heimlade-Erstattungen',
        run: 'Heimlade-Erstattungen ausführen',
        confirmTitle: 'Heimlade-Erstattungen für {{period}} berechnen?',
        confirmBody:
          'Für jeden Mitarbeitenden eines erstattenden Flottenunternehmens wird der Monat aus den Heimladevorgängen berechnet. Ein bereits berechneter Monat bleibt unverändert.',
        progress: '{{processed}} von {{total}} Mitarbeitenden',
      },
      recalc: {
        title: 'Einen Monat neu berechnen',
        body: 'Berechnet die Heimlade-Erstattungen Ihres Unternehmens für einen Monat neu, nachdem ein Tarif korrigiert wurde. Bereits verarbeitete oder bezahlte Erstattungen werden nie geändert.',
        year: 'Jahr',
        month: 'Monat',
        submit: 'Neu berechnen',
        confirmTitle: '{{period}} neu berechnen?',
        confirmBody:
          'Eine Erstattung, deren Betrag sich ändert, kehrt in ihren ersten Status zurück und muss erneut bestätigt werden. Dies kann nicht rückgängig gemacht werden.',
        confirm: 'Neu berechnen',
        cancel: 'Abbrechen',
        created: 'Erstellt: {{count}}',
        changed: 'Geändert: {{count}}',
        unchanged: 'Unverändert: {{count}}',
        skipped: 'Übersprungen: {{count}}',
        changedLine: 'Mitarbeitende/r {{userId}}: {{from}} → {{to}}',
        done: 'Monat neu berechnet',
      },
      alert: {
        subject: 'Heimlade-Erstattungen {{period}}: der Monatslauf ist fehlgeschlagen',
        body: 'Die monatliche Berechnung der Heimlade-Erstattungen für {{period}} wurde mit einem Fehler abgebrochen: {{reason}}\n\nSie wird automatisch wiederholt; das Betriebsteam sieht den Fehler auf der Seite der Jobläufe.',
      },
    },
    fr: {
      title: 'Remboursement de la recharge à domicile',
      jobs: {
        jobName: 'Remboursements à domicile',
        run: 'Lancer les remboursements à domicile',
        confirmTitle: 'Calculer les remboursements à domicile de {{period}} ?',
        confirmBody:
          'Le mois de chaque salarié d’une société de flotte qui rembourse est calculé à partir de ses sessions à domicile. Un mois déjà calculé reste inchangé.',
        progress: '{{processed}} sur {{total}} salariés',
      },
      recalc: {
        title: 'Recalculer un mois',
        body: 'Recalcule les remboursements à domicile de votre société pour un mois, après la correction d’un tarif. Les remboursements déjà traités ou payés ne sont jamais modifiés.',
        year: 'Année',
        month: 'Mois',
        submit: 'Recalculer',
        confirmTitle: 'Recalculer {{period}} ?',
        confirmBody:
          'Un remboursement dont le montant change revient à son premier statut et doit être validé à nouveau. Cette action est irréversible.',
        confirm: 'Recalculer',
        cancel: 'Annuler',
        created: 'Créés : {{count}}',
        changed: 'Modifiés : {{count}}',
        unchanged: 'Inchangés : {{count}}',
        skipped: 'Ignorés : {{count}}',
        changedLine: 'Salarié {{userId}} : {{from}} → {{to}}',
        done: 'Mois recalculé',
      },
      alert: {
        subject: 'Remboursements à domicile de {{period}} : le calcul mensuel a échoué',
        body: 'Le calcul mensuel des remboursements à domicile de {{period}} s’est arrêté sur une erreur : {{reason}}\n\nIl est relancé automatiquement ; l’équipe d’exploitation voit l’erreur sur la page des exécutions.',
      },
    },
    nl: {
      title: 'Thuislaadvergoeding',
      jobs: {
        jobName: 'Thuislaadvergoedingen',
        run: 'Thuislaadvergoedingen uitvoeren',
        confirmTitle: 'Thuislaadvergoedingen van {{period}} berekenen?',
        confirmBody:
          'Voor elke medewerker van een vergoedend wagenparkbedrijf wordt de maand berekend uit de thuislaadsessies. Een al berekende maand blijft ongewijzigd.',
        progress: '{{processed}} van {{total}} medewerkers',
      },
      recalc: {
        title: 'Een maand herberekenen',
        body: 'Berekent de thuislaadvergoedingen van uw bedrijf voor een maand opnieuw, nadat een tarief is gecorrigeerd. Al verwerkte of betaalde vergoedingen worden nooit gewijzigd.',
        year: 'Jaar',
        month: 'Maand',
        submit: 'Herberekenen',
        confirmTitle: '{{period}} herberekenen?',
        confirmBody:
          'Een vergoeding waarvan het bedrag verandert, gaat terug naar de eerste status en moet opnieuw worden gevalideerd. Dit kan niet ongedaan worden gemaakt.',
        confirm: 'Herberekenen',
        cancel: 'Annuleren',
        created: 'Aangemaakt: {{count}}',
        changed: 'Gewijzigd: {{count}}',
        unchanged: 'Ongewijzigd: {{count}}',
        skipped: 'Overgeslagen: {{count}}',
        changedLine: 'Medewerker {{userId}}: {{from}} → {{to}}',
        done: 'Maand herberekend',
      },
      alert: {
        subject: 'Thuislaadvergoedingen van {{period}}: de maandelijkse run is mislukt',
        body: 'De maandelijkse berekening van de thuislaadvergoedingen van {{period}} is gestopt met een fout: {{reason}}\n\nDeze wordt automatisch opnieuw geprobeerd; het operationele team ziet de fout op de pagina met jobruns.',
      },
    },
    it: {
      title: 'Rimborso ricarica domestica',
      jobs: {
        jobName: 'Rimborsi ricarica domestica',
        run: 'Esegui i rimborsi ricarica domestica',
        confirmTitle: 'Calcolare i rimborsi ricarica domestica di {{period}}?',
        confirmBody:
          'Per ogni dipendente di un’azienda di flotta che rimborsa, il mese viene calcolato dalle sessioni domestiche. Un mese già calcolato resta invariato.',
        progress: '{{processed}} di {{total}} dipendenti',
      },
      recalc: {
        title: 'Ricalcola un mese',
        body: 'Ricalcola i rimborsi ricarica domestica della tua azienda per un mese, dopo la correzione di una tariffa. I rimborsi già elaborati o pagati non vengono mai modificati.',
        year: 'Anno',
        month: 'Mese',
        submit: 'Ricalcola',
        confirmTitle: 'Ricalcolare {{period}}?',
        confirmBody:
          'Un rimborso il cui importo cambia torna al suo primo stato e deve essere convalidato di nuovo. L’operazione è irreversibile.',
        confirm: 'Ricalcola',
        cancel: 'Annulla',
        created: 'Creati: {{count}}',
        changed: 'Modificati: {{count}}',
        unchanged: 'Invariati: {{count}}',
        skipped: 'Saltati: {{count}}',
        changedLine: 'Dipendente {{userId}}: {{from}} → {{to}}',
        done: 'Mese ricalcolato',
      },
      alert: {
        subject: 'Rimborsi ricarica domestica di {{period}}: l’esecuzione mensile non è riuscita',
        body: 'Il calcolo mensile dei rimborsi ricarica domestica di {{period}} si è interrotto con un errore: {{reason}}\n\nViene ripetuto automaticamente; il team operativo vede l’errore nella pagina delle esecuzioni.',
      },
    },
    es: {
      title: 'Reembolso de la carga en casa',
      jobs: {
        jobName: 'Reembolsos de carga en casa',
        run: 'Ejecutar los reembolsos de carga en casa',
        confirmTitle: '¿Calcular los reembolsos de carga en casa de {{period}}?',
        confirmBody:
          'Para cada empleado de una empresa de flota que reembolsa se calcula el mes a partir de sus sesiones en casa. Un mes ya calculado no cambia.',
        progress: '{{processed}} de {{total}} empleados',
      },
      recalc: {
        title: 'Recalcular un mes',
        body: 'Vuelve a calcular los reembolsos de carga en casa de su empresa para un mes, tras corregir una tarifa. Los reembolsos ya procesados o pagados nunca se modifican.',
        year: 'Año',
        month: 'Mes',
        submit: 'Recalcular',
        confirmTitle: '¿Recalcular {{period}}?',
        confirmBody:
          'Un reembolso cuyo importe cambia vuelve a su primer estado y debe validarse de nuevo. Esta acción no se puede deshacer.',
        confirm: 'Recalcular',
        cancel: 'Cancelar',
        created: 'Creados: {{count}}',
        changed: 'Modificados: {{count}}',
        unchanged: 'Sin cambios: {{count}}',
        skipped: 'Omitidos: {{count}}',
        changedLine: 'Empleado {{userId}}: {{from}} → {{to}}',
        done: 'Mes recalculado',
      },
      alert: {
        subject: 'Reembolsos de carga en casa de {{period}}: la ejecución mensual ha fallado',
        body: 'El cálculo mensual de los reembolsos de carga en casa de {{period}} se detuvo con un error: {{reason}}\n\nSe reintenta automáticamente; el equipo de operaciones ve el error en la página de ejecuciones.',
      },
    },
    pt: {
      title: 'Reembolso do carregamento em casa',
      jobs: {
        jobName: 'Reembolsos de carregamento em casa',
        run: 'Executar os reembolsos de carregamento em casa',
        confirmTitle: 'Calcular os reembolsos de carregamento em casa de {{period}}?',
        confirmBody:
          'Para cada colaborador de uma empresa de frota que reembolsa, o mês é calculado a partir das sessões em casa. Um mês já calculado fica inalterado.',
        progress: '{{processed}} de {{total}} colaboradores',
      },
      recalc: {
        title: 'Recalcular um mês',
        body: 'Volta a calcular os reembolsos de carregamento em casa da sua empresa para um mês, depois de corrigida uma tarifa. Os reembolsos já processados ou pagos nunca são alterados.',
        year: 'Ano',
        month: 'Mês',
        submit: 'Recalcular',
        confirmTitle: 'Recalcular {{period}}?',
        confirmBody:
          'Um reembolso cujo valor muda volta ao primeiro estado e tem de ser validado novamente. Esta ação não pode ser anulada.',
        confirm: 'Recalcular',
        cancel: 'Cancelar',
        created: 'Criados: {{count}}',
        changed: 'Alterados: {{count}}',
        unchanged: 'Inalterados: {{count}}',
        skipped: 'Ignorados: {{count}}',
        changedLine: 'Colaborador {{userId}}: {{from}} → {{to}}',
        done: 'Mês recalculado',
      },
      alert: {
        subject: 'Reembolsos de carregamento em casa de {{period}}: a execução mensal falhou',
        body: 'O cálculo mensal dos reembolsos de carregamento em casa de {{period}} parou com um erro: {{reason}}\n\nÉ repetido automaticamente; a equipa de operações vê o erro na página de execuções.',
      },
    },
  },
);
