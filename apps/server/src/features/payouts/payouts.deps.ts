import type { FastifyInstance } from 'fastify';
import type { PayoutsDeps } from './payouts.service.ts';

/** What the payout routes and the verify job need of the app. */
export function payoutsDeps(app: FastifyInstance): PayoutsDeps {
  return {
    db: app.db,
    payments: app.payments,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    hospitalOnlyAboveKobo: app.config.payoutHospitalOnlyAboveKobo,
    log: (message, detail) => app.log.warn(detail, message),
  };
}
