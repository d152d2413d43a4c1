/**
 * @module The push kinds of the OCPI modules (ADR 057 addendum): each module's push file registers its
 * handler with `registerPushKind` when imported. Imported by the outbox's drain (`ocpi.connect.ts`), so
 * every kind is known wherever the outbox is drained; a module adds its import line here.
 */
import './ocpi.chargingprofiles.push';
import './ocpi.commands.push';
import './ocpi.emsp-tokens';
import './ocpi.locations';
import './ocpi.sessions';
import './ocpi.tariffs';
