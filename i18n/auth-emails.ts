/**
 * @module Texts of the e-mails sent while logging in: the 2FA code and the password reset link,
 * in every language of the product. Each user gets them in their own language.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

export type AuthEmailTemplate = 'two-factor-code' | 'password-reset';

interface EmailText {
  subject: string;
  /** Placeholders: {{code}} and {{minutes}} for the code, {{link}} and {{minutes}} for the reset. */
  text: string;
}

type Catalog = Record<AuthEmailTemplate, EmailText>;

const CATALOG: Record<Language, Catalog> = {
  en: {
    'two-factor-code': {
      subject: 'Your login code',
      text: 'Your login code is {{code}}.\n\nIt is valid for {{minutes}} minutes. If you did not try to log in, change your password and contact support.',
    },
    'password-reset': {
      subject: 'Reset your password',
      text: 'To choose a new password, open this link:\n\n{{link}}\n\nThe link works once and expires in {{minutes}} minutes. If you did not ask for it, ignore this e-mail.',
    },
  },
  de: {
    'two-factor-code': {
      subject: 'Ihr Anmeldecode',
      text: 'Ihr Anmeldecode lautet {{code}}.\n\nEr ist {{minutes}} Minuten gültig. Wenn Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort und wenden Sie sich an den Support.',
    },
    'password-reset': {
      subject: 'Passwort zurücksetzen',
      text: 'Um ein neues Passwort zu wählen, öffnen Sie diesen Link:\n\n{{link}}\n\nDer Link funktioniert einmal und läuft in {{minutes}} Minuten ab. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
    },
  },
  fr: {
    'two-factor-code': {
      subject: 'Votre code de connexion',
      text: "Votre code de connexion est {{code}}.\n\nIl est valable {{minutes}} minutes. Si vous n'avez pas essayé de vous connecter, changez votre mot de passe et contactez le support.",
    },
    'password-reset': {
      subject: 'Réinitialiser votre mot de passe',
      text: "Pour choisir un nouveau mot de passe, ouvrez ce lien :\n\n{{link}}\n\nLe lien ne fonctionne qu'une fois et expire dans {{minutes}} minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail.",
    },
  },
  nl: {
    'two-factor-code': {
      subject: 'Uw inlogcode',
      text: 'Uw inlogcode is {{code}}.\n\nDeze is {{minutes}} minuten geldig. Hebt u niet geprobeerd in te loggen, wijzig dan uw wachtwoord en neem contact op met support.',
    },
    'password-reset': {
      subject: 'Uw wachtwoord opnieuw instellen',
      text: 'Open deze link om een nieuw wachtwoord te kiezen:\n\n{{link}}\n\nDe link werkt één keer en verloopt over {{minutes}} minuten. Hebt u hier niet om gevraagd, negeer deze e-mail dan.',
    },
  },
  it: {
    'two-factor-code': {
      subject: 'Il tuo codice di accesso',
      text: 'Il tuo codice di accesso è {{code}}.\n\nÈ valido per {{minutes}} minuti. Se non hai tentato di accedere, cambia la password e contatta il supporto.',
    },
    'password-reset': {
      subject: 'Reimposta la password',
      text: 'Per scegliere una nuova password, apri questo link:\n\n{{link}}\n\nIl link funziona una sola volta e scade tra {{minutes}} minuti. Se non lo hai richiesto, ignora questa e-mail.',
    },
  },
  es: {
    'two-factor-code': {
      subject: 'Tu código de acceso',
      text: 'Tu código de acceso es {{code}}.\n\nEs válido durante {{minutes}} minutos. Si no has intentado iniciar sesión, cambia tu contraseña y contacta con soporte.',
    },
    'password-reset': {
      subject: 'Restablecer la contraseña',
      text: 'Para elegir una nueva contraseña, abre este enlace:\n\n{{link}}\n\nEl enlace funciona una sola vez y caduca en {{minutes}} minutos. Si no lo has solicitado, ignora este correo.',
    },
  },
  pt: {
    'two-factor-code': {
      subject: 'O seu código de acesso',
      text: 'O seu código de acesso é {{code}}.\n\nÉ válido durante {{minutes}} minutos. Se não tentou iniciar sessão, altere a sua palavra-passe e contacte o suporte.',
    },
    'password-reset': {
      subject: 'Repor a palavra-passe',
      text: 'Para escolher uma nova palavra-passe, abra esta ligação:\n\n{{link}}\n\nA ligação funciona uma única vez e expira dentro de {{minutes}} minutos. Se não a pediu, ignore este e-mail.',
    },
  },
};

/** Subject and text of `template` in `language` (English when the language is unknown). */
export function authEmail(
  template: AuthEmailTemplate,
  language: string,
  params: Record<string, string | number>,
): EmailText {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const { subject, text } = CATALOG[lang][template];
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
  return { subject: fill(subject), text: fill(text) };
}

export const AUTH_EMAIL_LANGUAGES = Object.keys(CATALOG) as Language[];
