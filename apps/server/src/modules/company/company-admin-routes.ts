/**
 * My company calls (issue 9; spec sections 2, 3, 5, 6 and 8): GET and POST Company (the company
 * information), GET, POST and DELETE CompanyLogo, GET CompanyUsers, GET CompanyUserOptions and
 * POST Users. Customer admins of the acting customer and global admins; GET CompanyLogo any
 * signed-in user for their acting customer. Rules: company-logo.ts, save-company-user.ts.
 */
import multipart from '@fastify/multipart';
import {
  AppErrorCode,
  LOGO_MAX_BYTES,
  logoMimeTypes,
  ZCompanyInfo,
  ZCompanyLogoQuery,
  ZCompanyLogoUploadForm,
  ZCompanyUser,
  ZCompanyUserOptions,
  ZCompanyUsersList,
  ZCompanyUsersQuery,
  ZSaveCompanyInfoRequest,
  ZSaveUserRequest,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { issuePasswordLink } from '../accounts/password-link.js';
import { fileAnswer, ok, typed } from '../http.js';
import { readForm } from '../multipart-form.js';
import { getCompanyInfo, saveCompanyInfo } from './company-info.js';
import { deleteCompanyLogo, getCompanyLogo, logoTooLarge, saveCompanyLogo } from './company-logo.js';
import { findCompanyUsers, getCompanyUserOptions } from './find-company-users.js';
import { saveCompanyUser } from './save-company-user.js';

export async function companyAdminRoutes(app: FastifyInstance) {
  // Only this plugin's upload (the logo) reads multipart bodies: one file, no fields needed.
  await app.register(multipart, { limits: { files: 1, fields: 2, fieldSize: 100, fileSize: LOGO_MAX_BYTES, parts: 4 } });
  const r = typed(app);
  const tags = ['company'];

  r.get(
    '/Company',
    {
      schema: {
        tags,
        summary:
          'The acting customer’s company information (emails, invoice reference, phone, logo version). 403 unless customer admin of it or global admin',
        response: { 200: ok(ZCompanyInfo) },
      },
    },
    async (request) => ({ data: await getCompanyInfo(app.db, requireAuth(request)) }),
  );

  r.post(
    '/Company',
    {
      schema: {
        tags,
        summary:
          'Save the acting customer’s company information; empty fields are cleared. 400 for an email that is no email; 403 unless customer admin of it or global admin',
        body: ZSaveCompanyInfoRequest,
        response: { 200: ok(ZCompanyInfo) },
      },
    },
    async (request) => ({ data: await saveCompanyInfo(app.db, requireAuth(request), request.body, request) }),
  );

  r.get(
    '/CompanyLogo',
    {
      schema: {
        tags,
        summary:
          'The acting customer’s logo (the image, in its type; cached privately for a day, so pass the logo version as v). 404 when it has none',
        querystring: ZCompanyLogoQuery,
        response: { 200: fileAnswer('The logo image', logoMimeTypes) },
      },
    },
    async (request, reply) => {
      const logo = await getCompanyLogo(app.db, requireAuth(request));
      reply
        .header('Content-Type', logo.mime)
        .header('Content-Disposition', `inline; filename="logo"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=86400')
        .header('ETag', `"${logo.version}"`);
      return reply.send(Buffer.from(logo.data));
    },
  );

  r.post(
    '/CompanyLogo',
    {
      schema: {
        tags,
        summary: 'Upload the acting customer’s logo: multipart/form-data with a `file` part (PNG, JPEG, GIF or WebP, at most 512 KiB)',
        description:
          'The type is read from the file’s first bytes, not its name: anything else answers 400 FILE_TYPE ("Logo must be an image file"); ' +
          'a larger file 413 FILE_TOO_LARGE; 403 unless customer admin of the acting customer or global admin.',
        consumes: ['multipart/form-data'],
        multipartBody: ZCompanyLogoUploadForm,
        response: { 200: ok(ZCompanyInfo) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { file } = await readForm(request, logoTooLarge);
      if (!file) throw new AppError(AppErrorCode.VALIDATION, {}, { file: 'validation.required' });
      return { data: await saveCompanyLogo(app.db, auth, file.data) };
    },
  );

  r.delete(
    '/CompanyLogo',
    {
      schema: {
        tags,
        summary: 'Delete the acting customer’s logo (none is no error). 403 unless customer admin of it or global admin',
        response: { 200: ok(ZCompanyInfo) },
      },
    },
    async (request) => ({ data: await deleteCompanyLogo(app.db, requireAuth(request)) }),
  );

  r.get(
    '/CompanyUsers',
    {
      schema: {
        tags,
        summary:
          'The acting customer’s users (filters: isActive, locationId, roleId, customerAdmin) with last sign-in and whether the caller’s rights cover theirs (withinRights), and their count. 403 unless customer admin of it or global admin',
        querystring: ZCompanyUsersQuery,
        response: { 200: ok(ZCompanyUsersList) },
      },
    },
    async (request) => ({ data: await findCompanyUsers(app.db, requireAuth(request), request.query) }),
  );

  r.get(
    '/CompanyUserOptions',
    {
      schema: {
        tags,
        summary:
          'What the user dialog offers: the acting customer’s locations, the roles (named in the caller’s language, by name), and the caller’s limits. 403 unless customer admin of it or global admin',
        response: { 200: ok(ZCompanyUserOptions) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { data: await getCompanyUserOptions(app.db, auth, negotiateLocale(request.headers['accept-language'], auth.language)) };
    },
  );

  r.post(
    '/Users',
    {
      schema: {
        tags,
        summary:
          'Create (no id) or update a user of the acting customer; a new user gets a welcome link by mail. 400 for a login name in use, another customer’s location or an unknown role; ' +
          '403 unless customer admin or global admin, for a right beyond the caller’s own (global admin, report level, finance, tasks, locations, provider flags), for deactivating or demoting oneself, and with an API key for a new user, another email or login name, or a reactivation; ' +
          '403 RIGHTS_EXCEEDED for a user who holds a right the caller lacks (whatever the change); 404 for another customer’s user. A changed email is told to the old address',
        body: ZSaveUserRequest,
        response: { 200: ok(ZCompanyUser) },
      },
    },
    async (request) => {
      // A new user chooses a password through a welcome link (modules/accounts/password-link.ts), mailed in the same transaction.
      const user = await saveCompanyUser(
        app.db,
        requireAuth(request),
        request.body,
        async (tx, userId) => {
          await issuePasswordLink(tx, { userId, purpose: 'welcome' });
        },
        request,
      );
      // A deactivated user's revoked sessions are refused at once, not after the session cache's few seconds.
      if (!user.isActive) app.forgetCachedSessions();
      return { data: user };
    },
  );
}
