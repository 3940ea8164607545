/**
 * What a lead store must do, whatever database holds it. The endpoint, the delivery worker, the
 * file route and the CLI depend on this interface only; `OutboxStore` (SQLite) implements it, and
 * tests/unit/site/server/leads/lead-store-contract.ts checks any implementation against it.
 * Every method is async so a networked database can implement it as well as an embedded one.
 */
import type {
  AttemptLogRow,
  DeliveryRow,
  DeliveryStatus,
  LeadDetail,
  LeadFilter,
  FieldDrop,
  LeadSummary,
  NewLead,
  StoredFile,
} from './lead-types';

/** `insertLead` found a lead of the same flow with the same idempotency key. */
export class DuplicateLeadError extends Error {
  constructor(readonly existingId: string) {
    super(`A lead with this idempotency key exists: ${existingId}`);
  }
}

/** The outcome of one delivery attempt, as the worker records it. */
export type AttemptRecord =
  | { status: 'delivered'; httpStatus: number; response: string }
  | {
      status: 'pending';
      nextAttemptAt: number;
      httpStatus?: number;
      response?: string;
      error: string;
      dropContext?: string[];
      /** Fields HubSpot refused, to leave out of the next sends (the body stays whole). */
      dropFields?: FieldDrop;
    }
  | {
      status: 'held';
      holdKind: 'unconfigured' | 'provider';
      httpStatus?: number;
      response?: string;
      error: string;
    }
  | { status: 'failed'; httpStatus?: number; response?: string; error: string };

/** Which held deliveries `requeue` puts back in the queue. */
export type RequeueSelector =
  | { leadId: string }
  | { allHeld: true }
  | { unconfiguredOnly: true }
  /** One lead's delivery to one destination, whatever its status (`leads replay`). */
  | { replay: true; leadId: string; destination: string };

export interface LeadStats {
  /** Leads by their worst delivery status. */
  leads: Record<DeliveryStatus, number>;
  deliveries: Record<DeliveryStatus, number>;
  /** Leads per flow id. */
  byFlow: Record<string, number>;
  /** `receivedAt` of the oldest lead with a pending delivery. */
  oldestPendingAt: number | null;
  /** Attempts whose outcome is unknown (their holder died during the call). */
  inDoubt: number;
}

/** What `takeSendSlots` grants. */
export interface SendSlots {
  /** How many deliveries may be sent now (0 while paused or when the window is used up). */
  granted: number;
  /** Until when every instance is paused by a 429 (0: not paused). */
  pausedUntil: number;
  /** When the current send window ends, and with it the count. */
  windowEndsAt: number;
}

export interface OutboxDepth {
  deliveries: number;
  oldestReceivedAt: number | null;
  oldestDueAt: number | null;
}

export interface ClaimOptions {
  /** Whether a delivery whose lease expired may be claimed (default true). */
  takeOverExpired?: boolean;
  /** Only this destination's deliveries (`hubspot` or a webhook's name); default: every one. */
  destination?: string;
}

/**
 * What the delivery worker needs of a store: claiming, recording, leases, holds and the send
 * window. The lead outbox is one; partial leads' deliveries (partial-delivery-store.ts) another.
 */
export type DeliveryQueue = Pick<
  LeadStore,
  | 'claimDue'
  | 'recordAttempt'
  | 'releaseStaleLeases'
  | 'requeue'
  | 'releaseClaims'
  | 'takeSendSlots'
  | 'pauseSending'
  | 'nextDueAt'
>;

export interface LeadStore {
  /**
   * Stores a lead, its deliveries (one per submission, pending, due at `receivedAt`) and its
   * files — all of them or none — and resolves with `lead.id` once they are durable.
   * A lead whose `idempotencyKey` is already stored for the same flow is not stored: the promise
   * rejects with `DuplicateLeadError` carrying the first lead's id, even when both arrive at once.
   */
  insertLead(lead: NewLead): Promise<string>;

  /** The id of the lead of this flow stored with this idempotency key, if any. */
  findByIdempotencyKey(flowId: string, key: string): Promise<string | undefined>;

  /**
   * Leases up to `limit` pending deliveries due at `now` (optionally only of `leadIds`), oldest
   * due first (ties by insertion order), until `now + leaseMs`, and counts an attempt on each.
   * Claiming is atomic: until its lease expires or its attempt is recorded, a claimed delivery is
   * not returned by any other claim, from this process or another. Claiming a delivery whose
   * lease expired counts that earlier attempt in doubt (`inDoubt + 1`); with
   * `takeOverExpired: false` such deliveries are left to their holder.
   * The rows returned carry the attempt count including this one.
   */
  claimDue(
    now: number,
    limit: number,
    leaseMs: number,
    leadIds?: string[],
    options?: ClaimOptions,
  ): Promise<DeliveryRow[]>;

  /**
   * Records the outcome of a claimed delivery's attempt and releases its lease: delivered
   * (final, `deliveredAt = now`), pending again at `nextAttemptAt`, held (until `requeue`) or
   * failed (final unless re-queued by lead id). The provider's response is kept, clipped.
   */
  recordAttempt(deliveryId: number, outcome: AttemptRecord, now?: number): Promise<void>;

  /**
   * Releases every lease at start (their holder is gone) and counts each such attempt in doubt.
   * Only for a store served by one worker; resolves with the number released. With a
   * `destination`, only that destination's leases (each destination has its own worker).
   */
  releaseStaleLeases(destination?: string): Promise<number>;

  /**
   * Makes deliveries pending and due at `now`: a lead's held, failed and pending ones; every held
   * one; or the held ones whose hold was "not configured"; or, to replay, one lead's delivery to
   * one destination whatever its status, delivered included. Resolves with how many changed.
   * A person's requeue (by lead, or every held one) also forgets the fields HubSpot refused
   * (`droppedFields`), so a form fixed in HubSpot gets the whole body; the worker's own requeue
   * of unconfigured holds keeps them.
   */
  requeue(selector: RequeueSelector, now?: number): Promise<number>;

  /**
   * Gives back claims that will not be sent now (no send slot): their lease ends and the attempt
   * they counted is taken back; they stay due where they were in the queue.
   */
  releaseClaims(deliveryIds: number[]): Promise<void>;

  /**
   * Reserves up to `wanted` sends in the send window the whole site shares (`limit` sends per
   * `windowMs`, every instance counted), atomically: two instances asking at once never get more
   * than `limit` between them. Grants nothing while sending is paused.
   */
  takeSendSlots(now: number, wanted: number, limit: number, windowMs: number): Promise<SendSlots>;

  /** Pauses sending for every instance until `until` (a later pause already set stays). */
  pauseSending(until: number): Promise<void>;

  /** When the earliest pending delivery (of `destination`, if given) is due, if any is pending. */
  nextDueAt(destination?: string): Promise<number | undefined>;

  /**
   * Leads oldest received first (ties by id), each with its worst delivery status
   * (failed > held > pending > delivered); with `status`, only the leads whose worst status it is.
   */
  listLeads(options?: { status?: DeliveryStatus; limit?: number }): Promise<LeadSummary[]>;

  /**
   * The staff's inbox: leads matching every part of `filter`, newest received first (ties by id,
   * descending), one page of them (every match without `page`), and how many match in all.
   * `query` matches each of its words within the lead's names, e-mail addresses and phone
   * numbers (case-insensitive).
   */
  searchLeads(
    filter: LeadFilter,
    page?: { limit: number; offset: number },
  ): Promise<{ leads: LeadSummary[]; total: number }>;

  /** Every delivery attempt of a lead, oldest first, with HubSpot's answer. */
  attemptsOf(leadId: string): Promise<AttemptLogRow[]>;

  /** Records that a person handled the lead; false when there is no such lead. */
  markHandled(leadId: string, by: string, now?: number): Promise<boolean>;

  /** One lead in full: answers, deliveries in insertion order, files by field. */
  getLead(id: string): Promise<LeadDetail | undefined>;

  /** A lead's deliveries in insertion order. */
  deliveriesOf(leadId: string): Promise<DeliveryRow[]>;

  /** A stored file by its unguessable token. */
  fileByToken(token: string): Promise<(StoredFile & { hubspotUrl: string | null }) | undefined>;

  /** A lead's files by field. */
  filesOf(leadId: string): Promise<(StoredFile & { hubspotUrl: string | null })[]>;

  /** Remembers a file's HubSpot Files URL (`''`: the upload was refused, keep our link). */
  setFileHubspotUrl(token: string, url: string): Promise<void>;

  stats(): Promise<LeadStats>;

  /**
   * The outbox's depth: pending deliveries, when the oldest of their leads arrived, and since
   * when the longest-waiting delivery that is due at `now` has been due (how far delivery lags).
   */
  pending(now?: number): Promise<OutboxDepth>;
}
