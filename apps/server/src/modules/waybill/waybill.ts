/**
 * What a printed waybill shows (GET Waybill, get-waybill.ts; the PDF, render-waybill.ts): its
 * shape, in one language.
 */
import type { Locale, TransactionStatusId, TransactionTypeId } from '@portal/domain';

/** A postal address; `countryName` in the waybill's language. */
export interface WaybillAddress {
  name?: string;
  street: string;
  postalCode: string;
  postalName: string;
  countryName: string;
}

/** The sender or the receiver: a portal location, or an external location (no customer name). */
export interface WaybillParty {
  customerName: string | null;
  locationName: string;
  locationNumber: string | null;
  gln: string | null;
  phone: string | null;
  contactName: string | null;
  address: WaybillAddress | null;
}

/** One line. Quantities in carriers (pallets, crates...), `quantityPicked` as loaded. */
export interface WaybillLine {
  productName: string;
  carrierTypeName: string;
  qualityName: string;
  treatmentName: string;
  quantityOrdered: number;
  quantityPicked: number;
}

/** A signature drawn in the portal (POST OrderSignature), placed in the box of its signer's side. */
export interface WaybillSignature {
  signerName: string;
  /** ISO 8601 instant. */
  signedAt: string;
  /** PNG bytes. */
  image: Uint8Array;
}

/** Everything the printed waybill shows, in one language; texts as stored or translated. */
export interface Waybill {
  locale: Locale;
  /** IANA time zone of the sender's country: printed and signing times are shown in it. */
  timeZone: string;
  /** The provider that runs the pool, named in the header. */
  issuerName: string | null;
  orderId: number;
  transactionTypeId: TransactionTypeId;
  transactionStatusId: TransactionStatusId;
  /** Plain dates (yyyy-MM-dd); `delivery` is the receive date once known. */
  dates: { pickup: string | null; send: string; delivery: string | null };
  sender: WaybillParty;
  receiver: WaybillParty | null;
  /**
   * The sending customer's logo (Company > logo) when it is a PNG or JPEG, the two types pdfkit
   * draws; a GIF or WebP logo is left out. Null without one.
   */
  senderLogo: Uint8Array | null;
  /** The temporary delivery address of this order, when it has one. */
  deliveryAddress: WaybillAddress | null;
  transport: {
    cartman: string | null;
    transporter: string | null;
    carNumber: string | null;
    trailer: string | null;
    carType: string | null;
    sealing: string | null;
  };
  references: { own: string | null; sender: string | null; receiver: string | null; transport: string | null };
  instructions: {
    /** The receiver location's delivery instructions. */
    delivery: string | null;
    /** The receiver's delivery hours, as the locale writes times ("07:00", "7.00"). */
    deliveryHours: { from: string; to: string } | null;
    hasRamp: boolean;
    needsLift: boolean;
    /** The order's transport text, then the sender location's transport instructions. */
    transport: string[];
    /** The order's information text. */
    information: string | null;
    load: string | null;
  };
  lines: WaybillLine[];
  /** Set when the order crosses a border with customs clearance (handler other than none). */
  customs: { handler: string; status: string | null } | null;
  signatures: { sender: WaybillSignature | null; receiver: WaybillSignature | null };
}
