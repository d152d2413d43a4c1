/** @module UI texts of the authRecovery area (see define.ts): pairing an authenticator again on /2fa-qr. */
import { defineArea } from './define';

export const authRecovery = defineArea(
  {
    lost: 'Lost your authenticator? Pair a new one',
    intro:
      'To pair a new authenticator, enter a code from the authenticator you use now, or have a code sent to your e-mail address.',
    notPaired: 'No authenticator is paired. Have a code sent to your e-mail address to pair one.',
    sendCode: 'E-mail me a code',
    factor: 'Code from your authenticator or your e-mail',
    submit: 'Pair a new authenticator',
  },
  {
    de: {
      lost: 'Authenticator verloren? Neuen koppeln',
      intro:
        'Um einen neuen Authenticator zu koppeln, geben Sie einen Code Ihres bisherigen Authenticators ein oder lassen Sie sich einen Code per E-Mail senden.',
      notPaired:
        'Es ist kein Authenticator gekoppelt. Lassen Sie sich einen Code per E-Mail senden, um einen zu koppeln.',
      sendCode: 'Code per E-Mail senden',
      factor: 'Code aus Ihrem Authenticator oder Ihrer E-Mail',
      submit: 'Neuen Authenticator koppeln',
    },
    es: {
      lost: '¿Ha perdido su aplicación de autenticación? Vincule una nueva',
      intro:
        'Para vincular una nueva aplicación, introduzca un código de la aplicación que usa ahora o pida que le enviemos un código por correo electrónico.',
      notPaired: 'No hay ninguna aplicación vinculada. Pida un código por correo electrónico para vincular una.',
      sendCode: 'Enviarme un código por correo',
      factor: 'Código de su aplicación o de su correo',
      submit: 'Vincular una nueva aplicación',
    },
    fr: {
      lost: 'Application perdue ? Associez-en une nouvelle',
      intro:
        "Pour associer une nouvelle application, saisissez un code de l'application que vous utilisez actuellement, ou recevez un code par e-mail.",
      notPaired: "Aucune application n'est associée. Recevez un code par e-mail pour en associer une.",
      sendCode: "M'envoyer un code par e-mail",
      factor: 'Code de votre application ou de votre e-mail',
      submit: 'Associer une nouvelle application',
    },
    it: {
      lost: "Hai perso l'app di autenticazione? Associane una nuova",
      intro:
        "Per associare una nuova app, inserisci un codice dell'app che usi ora oppure fatti inviare un codice per e-mail.",
      notPaired: 'Nessuna app di autenticazione è associata. Fatti inviare un codice per e-mail per associarne una.',
      sendCode: 'Inviami un codice per e-mail',
      factor: "Codice dell'app o dell'e-mail",
      submit: 'Associa una nuova app di autenticazione',
    },
    nl: {
      lost: 'Authenticator kwijt? Koppel een nieuwe',
      intro:
        'Om een nieuwe authenticator te koppelen, voert u een code in van de authenticator die u nu gebruikt, of laat u een code naar uw e-mailadres sturen.',
      notPaired: 'Er is geen authenticator gekoppeld. Laat een code naar uw e-mailadres sturen om er een te koppelen.',
      sendCode: 'Stuur mij een code per e-mail',
      factor: 'Code uit uw authenticator of uw e-mail',
      submit: 'Nieuwe authenticator koppelen',
    },
    pt: {
      lost: 'Perdeu a aplicação de autenticação? Associe uma nova',
      intro:
        'Para associar uma nova aplicação, introduza um código da aplicação que usa agora ou peça um código por e-mail.',
      notPaired: 'Nenhuma aplicação está associada. Peça um código por e-mail para associar uma.',
      sendCode: 'Enviar-me um código por e-mail',
      factor: 'Código da aplicação ou do e-mail',
      submit: 'Associar uma nova aplicação',
    },
  },
);
