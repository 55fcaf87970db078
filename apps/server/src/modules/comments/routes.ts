/** Order comment calls (issue 3; spec section 3 "comments"): GET and POST OrderComments. */
import { ZOrderComment, ZOrderIdQuery, ZSaveOrderCommentRequest } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { findOrderComments } from './find-order-comments.js';
import { saveOrderComment } from './save-order-comment.js';

export async function commentRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['order comments'];
  r.get(
    '/OrderComments',
    {
      schema: {
        tags,
        summary: 'The comments of an order, oldest first; 404 unless the caller is a party of the order',
        querystring: ZOrderIdQuery,
        response: { 200: ok(z.array(ZOrderComment)) },
      },
    },
    async (request) => ({ data: await findOrderComments(app.db, requireAuth(request), request.query.orderId) }),
  );
  r.post(
    '/OrderComments',
    {
      schema: {
        tags,
        summary: 'Add a comment (1-2000 characters) to an order; the order’s commentCount follows',
        body: ZSaveOrderCommentRequest,
        response: { 200: ok(ZOrderComment) },
      },
    },
    async (request) => ({ data: await saveOrderComment(app.db, requireAuth(request), request.body) }),
  );
}
