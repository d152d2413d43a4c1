/**
 * @module UI texts of the reimbursementPayouts area (see define.ts), issue 19 part 7: the employee's page
 * /stripe-home-reimbursement (their Stripe payout account), the manager's "pay" and bank transfer file
 * actions, the deletion of an employee's payout account. The status labels are also the API's (errors).
 */
import { defineArea } from './define';

export const reimbursementPayouts = defineArea(
  {
    title: 'Home reimbursement',
    pageHelp: 'Your home charging reimbursements, the documents and tariff they are based on, and how you are paid.',
    status: {
      pending_approval: 'Pending approval',
      validated_by_user: 'Validated by user',
      validated_by_manager: 'Validated by manager',
      processed: 'Processed',
      rejected: 'Rejected',
      paid: 'Paid',
      payment_failed: 'Payment failed',
    },
    account: {
      title: 'Payout account',
      help: 'Your reimbursements are paid to your bank account through Stripe. Stripe asks for your identity and bank details once.',
      status: {
        none: 'Not set up',
        pending: 'Details not submitted',
        restricted: 'Restricted: Stripe needs more information',
        done: 'Ready for payouts',
      },
      statusLabel: 'Status',
      setUp: 'Set up payouts',
      resume: 'Continue the setup',
      update: 'Update my details',
      returned: 'Back from Stripe. The status is updated as soon as Stripe confirms your details.',
      failed: 'The payout account could not be opened: {{reason}}',
      bankTransfer:
        'Your company pays reimbursements by bank transfer to the IBAN in your personal data: no payout account is needed.',
    },
    notYet: 'Not yet available.',
    pay: {
      button: 'Pay out',
      retry: 'Retry the payout',
      confirmTitle: 'Pay out {{amount}}?',
      confirmBody:
        'The amount is transferred to the employee’s Stripe account and paid out to their bank. This cannot be undone.',
      done: 'Payout sent: the reimbursement is processed.',
    },
    bankTransfer: {
      button: 'Download bank transfer file',
      confirmTitle: 'Download the bank transfer file?',
      confirmBody:
        '{{count}} approved reimbursements go into one SEPA file (pain.001) for your bank and become processed. Mark each one paid once the bank has executed the transfer.',
      confirm: 'Download and mark processed',
      none: 'Select approved reimbursements paid by bank transfer.',
      done: 'The bank transfer file is downloaded.',
    },
    deleteAccount: {
      button: 'Delete payout account',
      confirmTitle: 'Delete this employee’s payout account?',
      confirmBody:
        'Their Stripe account is deleted; they must set up payouts again before the next Stripe payout. This cannot be undone.',
      confirm: 'Delete',
      done: 'Payout account deleted.',
    },
    cancel: 'Cancel',
  },
  {
    de: {
      title: 'Heimlade-Erstattung',
      pageHelp:
        'Ihre Erstattungen für das Laden zu Hause, die zugrunde liegenden Dokumente und Tarife und wie Sie bezahlt werden.',
      status: {
        pending_approval: 'Genehmigung ausstehend',
        validated_by_user: 'Vom Benutzer bestätigt',
        validated_by_manager: 'Vom Manager bestätigt',
        processed: 'Verarbeitet',
        rejected: 'Abgelehnt',
        paid: 'Bezahlt',
        payment_failed: 'Zahlung fehlgeschlagen',
      },
      account: {
        title: 'Auszahlungskonto',
        help: 'Ihre Erstattungen werden über Stripe auf Ihr Bankkonto ausgezahlt. Stripe fragt einmalig nach Ihrer Identität und Ihren Bankdaten.',
        status: {
          none: 'Nicht eingerichtet',
          pending: 'Angaben nicht übermittelt',
          restricted: 'Eingeschränkt: Stripe benötigt weitere Angaben',
          done: 'Bereit für Auszahlungen',
        },
        statusLabel: 'Status',
        setUp: 'Auszahlungen einrichten',
        resume: 'Einrichtung fortsetzen',
        update: 'Meine Angaben aktualisieren',
        returned: 'Zurück von Stripe. Der Status wird aktualisiert, sobald Stripe Ihre Angaben bestätigt.',
        failed: 'Das Auszahlungskonto konnte nicht eröffnet werden: {{reason}}',
        bankTransfer:
          'Ihr Unternehmen zahlt Erstattungen per Banküberweisung auf die IBAN in Ihren persönlichen Daten: Ein Auszahlungskonto ist nicht nötig.',
      },
      notYet: 'Noch nicht verfügbar.',
      pay: {
        button: 'Auszahlen',
        retry: 'Auszahlung wiederholen',
        confirmTitle: '{{amount}} auszahlen?',
        confirmBody:
          'Der Betrag wird auf das Stripe-Konto des Mitarbeiters überwiesen und auf sein Bankkonto ausgezahlt. Dies kann nicht rückgängig gemacht werden.',
        done: 'Auszahlung gesendet: Die Erstattung ist verarbeitet.',
      },
      bankTransfer: {
        button: 'Überweisungsdatei herunterladen',
        confirmTitle: 'Überweisungsdatei herunterladen?',
        confirmBody:
          '{{count}} genehmigte Erstattungen kommen in eine SEPA-Datei (pain.001) für Ihre Bank und werden verarbeitet. Markieren Sie jede als bezahlt, sobald die Bank die Überweisung ausgeführt hat.',
        confirm: 'Herunterladen und als verarbeitet markieren',
        none: 'Wählen Sie genehmigte Erstattungen mit Zahlung per Banküberweisung.',
        done: 'Die Überweisungsdatei ist heruntergeladen.',
      },
      deleteAccount: {
        button: 'Auszahlungskonto löschen',
        confirmTitle: 'Auszahlungskonto dieses Mitarbeiters löschen?',
        confirmBody:
          'Sein Stripe-Konto wird gelöscht; vor der nächsten Stripe-Auszahlung muss er die Auszahlungen neu einrichten. Dies kann nicht rückgängig gemacht werden.',
        confirm: 'Löschen',
        done: 'Auszahlungskonto gelöscht.',
      },
      cancel: 'Abbrechen',
    },
    fr: {
      title: 'Remboursement de la recharge à domicile',
      pageHelp:
        'Vos remboursements de recharge à domicile, les documents et le tarif sur lesquels ils reposent, et la façon dont vous êtes payé.',
      status: {
        pending_approval: 'En attente d’approbation',
        validated_by_user: 'Validé par l’utilisateur',
        validated_by_manager: 'Validé par le gestionnaire',
        processed: 'Traité',
        rejected: 'Refusé',
        paid: 'Payé',
        payment_failed: 'Paiement échoué',
      },
      account: {
        title: 'Compte de versement',
        help: 'Vos remboursements sont versés sur votre compte bancaire via Stripe. Stripe demande une fois votre identité et vos coordonnées bancaires.',
        status: {
          none: 'Non configuré',
          pending: 'Informations non transmises',
          restricted: 'Restreint : Stripe a besoin de plus d’informations',
          done: 'Prêt pour les versements',
        },
        statusLabel: 'Statut',
        setUp: 'Configurer les versements',
        resume: 'Reprendre la configuration',
        update: 'Mettre à jour mes informations',
        returned: 'Retour de Stripe. Le statut est mis à jour dès que Stripe confirme vos informations.',
        failed: 'Le compte de versement n’a pas pu être ouvert : {{reason}}',
        bankTransfer:
          'Votre société paie les remboursements par virement bancaire sur l’IBAN de vos données personnelles : aucun compte de versement n’est nécessaire.',
      },
      notYet: 'Pas encore disponible.',
      pay: {
        button: 'Verser',
        retry: 'Relancer le versement',
        confirmTitle: 'Verser {{amount}} ?',
        confirmBody:
          'Le montant est transféré sur le compte Stripe du salarié puis versé sur son compte bancaire. Cette action est irréversible.',
        done: 'Versement envoyé : le remboursement est traité.',
      },
      bankTransfer: {
        button: 'Télécharger le fichier de virement',
        confirmTitle: 'Télécharger le fichier de virement ?',
        confirmBody:
          '{{count}} remboursements approuvés vont dans un fichier SEPA (pain.001) pour votre banque et passent à traité. Marquez chacun payé une fois le virement exécuté par la banque.',
        confirm: 'Télécharger et marquer traité',
        none: 'Sélectionnez des remboursements approuvés payés par virement bancaire.',
        done: 'Le fichier de virement est téléchargé.',
      },
      deleteAccount: {
        button: 'Supprimer le compte de versement',
        confirmTitle: 'Supprimer le compte de versement de ce salarié ?',
        confirmBody:
          'Son compte Stripe est supprimé ; il devra reconfigurer les versements avant le prochain versement Stripe. Cette action est irréversible.',
        confirm: 'Supprimer',
        done: 'Compte de versement supprimé.',
      },
      cancel: 'Annuler',
    },
    nl: {
      title: 'Thuislaadvergoeding',
      pageHelp:
        'Uw vergoedingen voor thuisladen, de documenten en het tarief waarop ze gebaseerd zijn, en hoe u betaald wordt.',
      status: {
        pending_approval: 'Wacht op goedkeuring',
        validated_by_user: 'Bevestigd door gebruiker',
        validated_by_manager: 'Bevestigd door manager',
        processed: 'Verwerkt',
        rejected: 'Afgewezen',
        paid: 'Betaald',
        payment_failed: 'Betaling mislukt',
      },
      account: {
        title: 'Uitbetalingsrekening',
        help: 'Uw vergoedingen worden via Stripe op uw bankrekening uitbetaald. Stripe vraagt eenmalig naar uw identiteit en bankgegevens.',
        status: {
          none: 'Niet ingesteld',
          pending: 'Gegevens niet ingediend',
          restricted: 'Beperkt: Stripe heeft meer informatie nodig',
          done: 'Klaar voor uitbetalingen',
        },
        statusLabel: 'Status',
        setUp: 'Uitbetalingen instellen',
        resume: 'Instelling voortzetten',
        update: 'Mijn gegevens bijwerken',
        returned: 'Terug van Stripe. De status wordt bijgewerkt zodra Stripe uw gegevens bevestigt.',
        failed: 'De uitbetalingsrekening kon niet worden geopend: {{reason}}',
        bankTransfer:
          'Uw bedrijf betaalt vergoedingen per bankoverschrijving naar de IBAN in uw persoonlijke gegevens: een uitbetalingsrekening is niet nodig.',
      },
      notYet: 'Nog niet beschikbaar.',
      pay: {
        button: 'Uitbetalen',
        retry: 'Uitbetaling opnieuw proberen',
        confirmTitle: '{{amount}} uitbetalen?',
        confirmBody:
          'Het bedrag wordt overgemaakt naar het Stripe-account van de medewerker en uitbetaald op diens bankrekening. Dit kan niet ongedaan worden gemaakt.',
        done: 'Uitbetaling verzonden: de vergoeding is verwerkt.',
      },
      bankTransfer: {
        button: 'Overschrijvingsbestand downloaden',
        confirmTitle: 'Overschrijvingsbestand downloaden?',
        confirmBody:
          '{{count}} goedgekeurde vergoedingen gaan in één SEPA-bestand (pain.001) voor uw bank en worden verwerkt. Markeer elk als betaald zodra de bank de overschrijving heeft uitgevoerd.',
        confirm: 'Downloaden en als verwerkt markeren',
        none: 'Selecteer goedgekeurde vergoedingen die per bankoverschrijving worden betaald.',
        done: 'Het overschrijvingsbestand is gedownload.',
      },
      deleteAccount: {
        button: 'Uitbetalingsrekening verwijderen',
        confirmTitle: 'Uitbetalingsrekening van deze medewerker verwijderen?',
        confirmBody:
          'Het Stripe-account wordt verwijderd; vóór de volgende Stripe-uitbetaling moet de medewerker uitbetalingen opnieuw instellen. Dit kan niet ongedaan worden gemaakt.',
        confirm: 'Verwijderen',
        done: 'Uitbetalingsrekening verwijderd.',
      },
      cancel: 'Annuleren',
    },
    it: {
      title: 'Rimborso ricarica domestica',
      pageHelp:
        'I tuoi rimborsi per la ricarica a casa, i documenti e la tariffa su cui si basano e come vieni pagato.',
      status: {
        pending_approval: 'In attesa di approvazione',
        validated_by_user: 'Convalidato dall’utente',
        validated_by_manager: 'Convalidato dal manager',
        processed: 'Elaborato',
        rejected: 'Rifiutato',
        paid: 'Pagato',
        payment_failed: 'Pagamento non riuscito',
      },
      account: {
        title: 'Conto per i pagamenti',
        help: 'I tuoi rimborsi vengono pagati sul tuo conto bancario tramite Stripe. Stripe chiede una sola volta identità e dati bancari.',
        status: {
          none: 'Non configurato',
          pending: 'Dati non inviati',
          restricted: 'Limitato: Stripe ha bisogno di altre informazioni',
          done: 'Pronto per i pagamenti',
        },
        statusLabel: 'Stato',
        setUp: 'Configura i pagamenti',
        resume: 'Continua la configurazione',
        update: 'Aggiorna i miei dati',
        returned: 'Di ritorno da Stripe. Lo stato si aggiorna appena Stripe conferma i tuoi dati.',
        failed: 'Impossibile aprire il conto per i pagamenti: {{reason}}',
        bankTransfer:
          'La tua azienda paga i rimborsi con bonifico bancario sull’IBAN dei tuoi dati personali: non serve un conto per i pagamenti.',
      },
      notYet: 'Non ancora disponibile.',
      pay: {
        button: 'Paga',
        retry: 'Riprova il pagamento',
        confirmTitle: 'Pagare {{amount}}?',
        confirmBody:
          'L’importo viene trasferito sul conto Stripe del dipendente e pagato sul suo conto bancario. L’operazione è irreversibile.',
        done: 'Pagamento inviato: il rimborso è elaborato.',
      },
      bankTransfer: {
        button: 'Scarica il file dei bonifici',
        confirmTitle: 'Scaricare il file dei bonifici?',
        confirmBody:
          '{{count}} rimborsi approvati vanno in un file SEPA (pain.001) per la tua banca e diventano elaborati. Segna ciascuno come pagato quando la banca ha eseguito il bonifico.',
        confirm: 'Scarica e segna come elaborati',
        none: 'Seleziona rimborsi approvati pagati con bonifico bancario.',
        done: 'Il file dei bonifici è stato scaricato.',
      },
      deleteAccount: {
        button: 'Elimina il conto per i pagamenti',
        confirmTitle: 'Eliminare il conto per i pagamenti di questo dipendente?',
        confirmBody:
          'Il suo conto Stripe viene eliminato; dovrà configurare di nuovo i pagamenti prima del prossimo pagamento Stripe. L’operazione è irreversibile.',
        confirm: 'Elimina',
        done: 'Conto per i pagamenti eliminato.',
      },
      cancel: 'Annulla',
    },
    es: {
      title: 'Reembolso de la carga en casa',
      pageHelp: 'Tus reembolsos de carga en casa, los documentos y la tarifa en que se basan, y cómo se te paga.',
      status: {
        pending_approval: 'Pendiente de aprobación',
        validated_by_user: 'Validado por el usuario',
        validated_by_manager: 'Validado por el gestor',
        processed: 'Procesado',
        rejected: 'Rechazado',
        paid: 'Pagado',
        payment_failed: 'Pago fallido',
      },
      account: {
        title: 'Cuenta de pagos',
        help: 'Tus reembolsos se pagan en tu cuenta bancaria a través de Stripe. Stripe pide una sola vez tu identidad y tus datos bancarios.',
        status: {
          none: 'Sin configurar',
          pending: 'Datos no enviados',
          restricted: 'Restringida: Stripe necesita más información',
          done: 'Lista para pagos',
        },
        statusLabel: 'Estado',
        setUp: 'Configurar los pagos',
        resume: 'Continuar la configuración',
        update: 'Actualizar mis datos',
        returned: 'De vuelta de Stripe. El estado se actualiza en cuanto Stripe confirme tus datos.',
        failed: 'No se pudo abrir la cuenta de pagos: {{reason}}',
        bankTransfer:
          'Tu empresa paga los reembolsos por transferencia bancaria al IBAN de tus datos personales: no hace falta una cuenta de pagos.',
      },
      notYet: 'Aún no disponible.',
      pay: {
        button: 'Pagar',
        retry: 'Reintentar el pago',
        confirmTitle: '¿Pagar {{amount}}?',
        confirmBody:
          'El importe se transfiere a la cuenta Stripe del empleado y se paga en su cuenta bancaria. No se puede deshacer.',
        done: 'Pago enviado: el reembolso está procesado.',
      },
      bankTransfer: {
        button: 'Descargar el fichero de transferencias',
        confirmTitle: '¿Descargar el fichero de transferencias?',
        confirmBody:
          '{{count}} reembolsos aprobados van a un fichero SEPA (pain.001) para tu banco y pasan a procesados. Marca cada uno como pagado cuando el banco haya ejecutado la transferencia.',
        confirm: 'Descargar y marcar como procesados',
        none: 'Selecciona reembolsos aprobados pagados por transferencia bancaria.',
        done: 'El fichero de transferencias se ha descargado.',
      },
      deleteAccount: {
        button: 'Eliminar la cuenta de pagos',
        confirmTitle: '¿Eliminar la cuenta de pagos de este empleado?',
        confirmBody:
          'Su cuenta Stripe se elimina; tendrá que volver a configurar los pagos antes del próximo pago por Stripe. No se puede deshacer.',
        confirm: 'Eliminar',
        done: 'Cuenta de pagos eliminada.',
      },
      cancel: 'Cancelar',
    },
    pt: {
      title: 'Reembolso do carregamento em casa',
      pageHelp: 'Os seus reembolsos de carregamento em casa, os documentos e a tarifa em que se baseiam e como é pago.',
      status: {
        pending_approval: 'Aguarda aprovação',
        validated_by_user: 'Validado pelo utilizador',
        validated_by_manager: 'Validado pelo gestor',
        processed: 'Processado',
        rejected: 'Rejeitado',
        paid: 'Pago',
        payment_failed: 'Pagamento falhado',
      },
      account: {
        title: 'Conta de pagamentos',
        help: 'Os seus reembolsos são pagos na sua conta bancária através da Stripe. A Stripe pede uma vez a sua identidade e os seus dados bancários.',
        status: {
          none: 'Não configurada',
          pending: 'Dados não enviados',
          restricted: 'Restrita: a Stripe precisa de mais informações',
          done: 'Pronta para pagamentos',
        },
        statusLabel: 'Estado',
        setUp: 'Configurar os pagamentos',
        resume: 'Continuar a configuração',
        update: 'Atualizar os meus dados',
        returned: 'De volta da Stripe. O estado é atualizado assim que a Stripe confirmar os seus dados.',
        failed: 'Não foi possível abrir a conta de pagamentos: {{reason}}',
        bankTransfer:
          'A sua empresa paga os reembolsos por transferência bancária para o IBAN dos seus dados pessoais: não é necessária uma conta de pagamentos.',
      },
      notYet: 'Ainda não disponível.',
      pay: {
        button: 'Pagar',
        retry: 'Repetir o pagamento',
        confirmTitle: 'Pagar {{amount}}?',
        confirmBody:
          'O montante é transferido para a conta Stripe do colaborador e pago na sua conta bancária. Não pode ser anulado.',
        done: 'Pagamento enviado: o reembolso está processado.',
      },
      bankTransfer: {
        button: 'Descarregar o ficheiro de transferências',
        confirmTitle: 'Descarregar o ficheiro de transferências?',
        confirmBody:
          '{{count}} reembolsos aprovados vão para um ficheiro SEPA (pain.001) para o seu banco e passam a processados. Marque cada um como pago quando o banco tiver executado a transferência.',
        confirm: 'Descarregar e marcar como processados',
        none: 'Selecione reembolsos aprovados pagos por transferência bancária.',
        done: 'O ficheiro de transferências foi descarregado.',
      },
      deleteAccount: {
        button: 'Eliminar a conta de pagamentos',
        confirmTitle: 'Eliminar a conta de pagamentos deste colaborador?',
        confirmBody:
          'A sua conta Stripe é eliminada; terá de configurar novamente os pagamentos antes do próximo pagamento pela Stripe. Não pode ser anulado.',
        confirm: 'Eliminar',
        done: 'Conta de pagamentos eliminada.',
      },
      cancel: 'Cancelar',
    },
  },
);
