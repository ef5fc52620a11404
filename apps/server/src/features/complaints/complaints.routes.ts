import { ZMessageResponse } from '@ipatient/contracts/accounts';
import {
  complaintMessages,
  ZAdminComplaintsQuery,
  ZAdvocacyFilesResponse,
  ZComplaintListResponse,
  ZComplaintRequest,
  ZComplaintResponse,
  ZComplaintStatusRequest,
  ZUserComplaintListResponse,
  ZUserComplaintsQuery,
} from '@ipatient/contracts/advocacy';
import { advocacyResources } from '@ipatient/contracts/advocacy-resources';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { findComplaint } from './complaints.repository.ts';
import * as service from './complaints.service.ts';

const tags = ['Advocacy'];
const bearer = [{ bearerAuth: [] }];
const ZIdParams = z.object({ id: z.uuid({ error: 'Not a complaint id' }) });
const ZUserIdParams = z.object({ userId: z.uuid({ error: 'Not a user id' }) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list of resources: everything but the guides' long text. */
const resourceList = advocacyResources.map(
  ({ slug, kind, title, summary, minutes, available }) => ({
    _id: slug,
    kind,
    title,
    summary,
    minutes,
    available,
  }),
);

export const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ComplaintsDeps = {
    db: app.db,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
  };

  /** The complaint as it was before an admin changes it, for the audit log. */
  const complaintBefore = async (request: { params: unknown }) => {
    const id = (request.params as { id?: unknown }).id;
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    const row = await findComplaint(app.db, id);
    if (!row) return null;
    const { complaint } = row;
    return {
      reference: complaint.reference,
      status: complaint.status,
      hospitalName: complaint.hospitalName,
      userId: complaint.userId,
    };
  };

  app.post(
    '/create-advocacy',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Send a complaint about a hospital (at most 5 in 24 hours)',
        description:
          'The patient gets a receipt with the reference number and both deadlines (acknowledgement in 5 working days, response in 20), and the team a notice.',
        security: bearer,
        body: ZComplaintRequest,
        response: { 201: ZComplaintResponse },
      },
    },
    async (request, reply) => {
      const result = await service.createComplaint(deps, currentUser(request).user, request.body);
      return reply.status(201).send({ message: complaintMessages.created, result });
    },
  );

  app.get(
    '/get-user-advocacies/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "A user's complaints, newest first (yourself, or anyone for an admin)",
        security: bearer,
        params: ZUserIdParams,
        querystring: ZUserComplaintsQuery,
        response: { 200: ZUserComplaintListResponse },
      },
    },
    async (request) => {
      const page = await service.listUserComplaints(
        app.db,
        currentUser(request).user,
        request.params.userId,
        request.query,
      );
      return { message: complaintMessages.listed, ...page, result: page.results };
    },
  );

  app.get(
    '/get-single-advocacy/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'One complaint with its history (its patient or an admin)',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZComplaintResponse },
      },
    },
    async (request) => ({
      message: complaintMessages.fetched,
      result: await service.getComplaint(app.db, currentUser(request).user, request.params.id),
    }),
  );

  app.put(
    '/update-advocacy/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Rewrite your complaint, until it has been acknowledged',
        security: bearer,
        params: ZIdParams,
        body: ZComplaintRequest,
        response: { 200: ZComplaintResponse },
      },
    },
    async (request) => ({
      message: complaintMessages.updated,
      result: await service.updateComplaint(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/delete-advocacy/:id',
    {
      preHandler: app.requireUser,
      // Recorded when an admin deletes someone's complaint.
      config: { audit: { entity: 'complaint', adminOnly: true, before: complaintBefore } },
      schema: {
        tags,
        summary: 'Withdraw your complaint before it is acknowledged (admins: any complaint)',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await service.deleteComplaint(app.db, currentUser(request).user, request.params.id);
      return { message: complaintMessages.deleted };
    },
  );

  app.put(
    '/update-advocacy-status/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'complaint', before: complaintBefore } },
      schema: {
        tags,
        summary: 'Move a complaint on (admin): to the next status, or to a later one given',
        description:
          'Without a body or a status: submitted → acknowledged → under_review → resolved. A given status must come later; closed is allowed from any open status. The note is kept in the history and emailed to the patient.',
        security: bearer,
        params: ZIdParams,
        body: ZComplaintStatusRequest,
        response: { 200: ZComplaintResponse },
      },
    },
    async (request) => ({
      message: complaintMessages.statusChanged,
      result: await service.changeComplaintStatus(
        deps,
        currentUser(request).user,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.get(
    '/get-all-advocacies',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Every complaint (admin), newest first; by status, overdue, reference or hospital',
        security: bearer,
        querystring: ZAdminComplaintsQuery,
        response: { 200: ZComplaintListResponse },
      },
    },
    async (request) => ({
      message: complaintMessages.listed,
      ...(await service.listAllComplaints(app.db, request.query)),
    }),
  );

  app.get(
    '/get-advocacy-files',
    {
      schema: {
        tags,
        summary: 'The advocacy guides (read at /advocacy/resources/{_id}) and videos',
        response: { 200: ZAdvocacyFilesResponse },
      },
    },
    async () => ({ message: complaintMessages.filesFetched, results: resourceList }),
  );
};
