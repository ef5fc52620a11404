import { errorTexts, limits } from '@ipatient/contracts';
import { campaignUpdateTexts } from '@ipatient/contracts/campaign-updates';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import { isUuid } from '@ipatient/contracts/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { readForm } from '../../plugins/multipart.ts';
import { answerFromRead, usePublicCache } from '../../plugins/public-cache.ts';
import * as admin from './updates.admin.service.ts';
import * as service from './updates.service.ts';

const updates = endpoints.campaignUpdates;
const photoLimit = {
  image: { maxBytes: limits.imageMaxBytes, tooLarge: errorTexts.imageTooLarge },
};

const idOf = (request: FastifyRequest) => {
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return isUuid(id) ? id : undefined;
};

/** Organisers' updates, donors' words of support and thanks. */
export const campaignUpdatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.UpdatesDeps = {
    db: app.db,
    storage: app.storage,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    unsubscribeKey: service.unsubscribeKey(app.config.jwtSecret),
  };
  // Visitors' reads of the timeline from the short-lived cache; this scope's writes empty it.
  usePublicCache(app);

  app.route({
    ...endpointRoute(app, updates.timeline, { publicCache: true }),
    handler: async (request, reply) => {
      const result = await service.getTimeline(app.db, request.auth?.user, request.params.id);
      return answerFromRead(request, reply, result, () => ({ message: 'Updates fetched', result }));
    },
  });

  app.route({
    ...endpointRoute(app, updates.manage),
    handler: async (request) => ({
      message: 'Updates fetched',
      result: await service.getManage(app.db, currentUser(request).user, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, updates.post),
    handler: async (request, reply) => {
      const form = await readForm(request, photoLimit);
      const result = await service.postUpdate(
        deps,
        currentUser(request).user,
        request.params.id,
        form.fields,
        form.files.image,
      );
      return reply.status(201).send({ message: campaignUpdateTexts.posted, result });
    },
  });

  app.route({
    ...endpointRoute(app, updates.thank),
    handler: async (request) => ({
      message: campaignUpdateTexts.thanked,
      result: await service.thankDonor(
        deps,
        currentUser(request).user,
        request.params.id,
        request.params.donationId,
        request.body,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, updates.report),
    handler: async (request) => {
      const { gift, already } = await service.reportMessage(
        deps,
        currentUser(request).user,
        request.params.id,
        request.params.donationId,
      );
      return {
        message: already ? campaignUpdateTexts.alreadyReported : campaignUpdateTexts.reported,
        result: gift,
      };
    },
  });

  app.route({
    ...endpointRoute(app, updates.unsubscribeStatus),
    handler: async (request, reply) => {
      const result = await service.unsubscribeStatus(deps, request.query.token);
      // A personal answer: never stored by a cache on the way.
      reply.header('cache-control', 'no-store');
      return { message: 'Unsubscribe link checked', result };
    },
  });

  app.route({
    // The token is the credential; cookies are never read (see `signedByToken`).
    ...endpointRoute(app, updates.unsubscribe, { signedByToken: true }),
    handler: async (request, reply) => {
      const result = await service.unsubscribe(deps, request.body.token);
      // A personal answer: never stored by a cache on the way.
      reply.header('cache-control', 'no-store');
      return { message: campaignUpdateTexts.unsubscribed, result };
    },
  });

  app.route({
    ...endpointRoute(app, updates.adminList),
    handler: async (request) => ({
      message: 'Updates fetched',
      result: await admin.listForAdmins(app.db, request.query),
    }),
  });

  app.route({
    ...endpointRoute(app, updates.hide, {
      audit: {
        entity: 'campaign-update',
        before: async (request) => {
          const id = idOf(request);
          return id ? admin.updateForAudit(app.db, id) : null;
        },
      },
    }),
    handler: async (request) => ({
      message: campaignUpdateTexts.updateHidden,
      result: await admin.hideUpdate(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body.reason,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, updates.hideMessage, {
      audit: {
        entity: 'word-of-support',
        before: async (request) => {
          const id = idOf(request);
          return id ? admin.wordForAudit(app.db, id) : null;
        },
      },
    }),
    handler: async (request) => ({
      message: campaignUpdateTexts.messageHidden,
      result: await admin.hideMessage(app.db, request.params.id),
    }),
  });
};
