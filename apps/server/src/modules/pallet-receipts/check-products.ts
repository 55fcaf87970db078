/**
 * The products of a pallet receipt's lines (issue 11; docs/pallet-receipts.md, "Rules"): active
 * (`validation.productInactive`) and not containers (`validation.containerProduct`: containers are
 * rented, issue 11 "Containers"). Receipts and their disputes check them alike.
 */
import { AppErrorCode } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';

/** Every product must exist, be active and not be a container; VALIDATION on `lines.<i>.productId` otherwise. */
export async function checkProducts(tx: Tx, productIds: number[]): Promise<void> {
  const found = await rows<{ id: number; active: boolean; isContainer: boolean }>(
    tx,
    sql`SELECT p.id, p.active, ct.is_container AS "isContainer" FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id
        WHERE p.id IN (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const byId = new Map(found.map((p) => [Number(p.id), p]));
  const fields: Record<string, string> = {};
  productIds.forEach((productId, index) => {
    const product = byId.get(productId);
    if (!product?.active) fields[`lines.${index}.productId`] = 'validation.productInactive';
    else if (product.isContainer) fields[`lines.${index}.productId`] = 'validation.containerProduct';
  });
  if (Object.keys(fields).length) throw new AppError(AppErrorCode.VALIDATION, {}, fields);
}
