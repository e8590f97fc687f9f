/** Tables of uploaded transfer slips (migration 005). */

export interface SlipsTable {
  id: string;
  user_id: string;
  /** processing, success or failed (lower case, SPEC §8). */
  status: string;
  /** Reason code of SPEC §8 when failed. */
  note: string | null;
  /** The bank's transaction reference read from the slip's QR code. */
  reference: string | null;
  /** The 3-digit sending-bank id from the same QR code. */
  sending_bank: string | null;
  /** Minor units; 0 until the verifier has answered. */
  amount: number;
  transferred_at: number | null;
  statement_id: string | null;
  /** Name of the image under <uploadsDir>/slips/. */
  file_name: string;
  content_type: string;
  file_size: number;
  attempts: number;
  next_attempt_at: number;
  /** Why a processing slip waits for an operator (SLIP_HOLD_REASONS, migration 007); null otherwise. */
  hold_reason: string | null;
  /** The sending account as the bank's verification service reported it (the number usually masked). */
  sender_bank_code: string | null;
  sender_account_no: string | null;
  /** The sender's account name as the bank reported it (migration 028), often shortened; null if not told. */
  sender_name: string | null;
  /** The operator who credited or rejected a held slip. */
  decided_by: string | null;
  /** The verifier's last outage while the slip waits for a retry (migration 029); null once it answered. */
  verifier_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface SlipUploadThrottleTable {
  user_id: string;
  last_upload_at: number;
}

/** The sandbox slip verifier's own record of the transfers it knows. */
export interface SandboxSlipTransfersTable {
  reference: string;
  sending_bank_id: string;
  amount: number;
  transferred_at: number;
  sender_bank: string;
  sender_account: string;
  /** The sending account's holder, as the bank would name them (migration 028). */
  sender_name: string | null;
  receiver_bank: string;
  receiver_account: string;
  created_at: number;
}

export interface SlipTables {
  slips: SlipsTable;
  slip_upload_throttle: SlipUploadThrottleTable;
  sandbox_slip_transfers: SandboxSlipTransfersTable;
}
