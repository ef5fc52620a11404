import { z } from 'zod';
import { ZMessageResponse } from '../accounts.ts';
import {
  ZAdminComplaintsQuery,
  ZAdvocacyFilesResponse,
  ZComplaintListResponse,
  ZComplaintRequest,
  ZComplaintResponse,
  ZComplaintStatusRequest,
  ZUserComplaintListResponse,
  ZUserComplaintsQuery,
} from '../advocacy.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Advocacy'];
const complaintId = idParams('Not a complaint id');
const userId = z.object({ userId: z.uuid({ error: 'Not a user id' }) });

export const complaintsEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/create-advocacy',
    access: 'member',
    tags,
    summary: 'Send a complaint about a hospital (at most 5 in 24 hours)',
    description:
      'The patient gets a receipt with the reference number and both deadlines (acknowledgement in 5 working days, response in 20), and the team a notice.',
    body: ZComplaintRequest,
    responses: { 201: ZComplaintResponse },
  }),
  listOfUser: defineEndpoint({
    method: 'GET',
    path: '/get-user-advocacies/:userId',
    access: 'member',
    tags,
    summary: "A user's complaints, newest first (yourself, or anyone for an admin)",
    params: userId,
    query: ZUserComplaintsQuery,
    responses: { 200: ZUserComplaintListResponse },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/get-single-advocacy/:id',
    access: 'member',
    tags,
    summary: 'One complaint with its history (its patient or an admin)',
    params: complaintId,
    responses: { 200: ZComplaintResponse },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/update-advocacy/:id',
    access: 'member',
    tags,
    summary: 'Rewrite your complaint, until it has been acknowledged',
    params: complaintId,
    body: ZComplaintRequest,
    responses: { 200: ZComplaintResponse },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/delete-advocacy/:id',
    access: 'member',
    tags,
    summary: 'Withdraw your complaint before it is acknowledged (admins: any complaint)',
    params: complaintId,
    responses: { 200: ZMessageResponse },
  }),
  changeStatus: defineEndpoint({
    method: 'PUT',
    path: '/update-advocacy-status/:id',
    access: 'admin',
    tags,
    summary: 'Move a complaint on (admin): to the next status, or to a later one given',
    description:
      'Without a body or a status: submitted → acknowledged → under_review → resolved. A given status must come later; closed is allowed from any open status. The note is kept in the history and emailed to the patient.',
    params: complaintId,
    body: ZComplaintStatusRequest,
    responses: { 200: ZComplaintResponse },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/get-all-advocacies',
    access: 'admin',
    tags,
    summary: 'Every complaint (admin), newest first; by status, overdue, reference or hospital',
    query: ZAdminComplaintsQuery,
    responses: { 200: ZComplaintListResponse },
  }),
  resources: defineEndpoint({
    method: 'GET',
    path: '/get-advocacy-files',
    access: 'public',
    tags,
    summary: 'The advocacy guides (read at /advocacy/resources/{_id}) and videos',
    responses: { 200: ZAdvocacyFilesResponse },
  }),
};
