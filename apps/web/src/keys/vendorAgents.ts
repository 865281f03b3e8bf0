/**
 * Where a hardware-key vendor's local agent plugs in (see CONTEXT.md, "A vendor's agent"). The
 * platform ships none: each vendor's agent (a program the vendor installs that answers on
 * 127.0.0.1 over HTTP or WebSocket and talks to the USB key through the vendor's driver) has its
 * own protocol, so an adapter for it is written against that vendor's documentation and added
 * here; the login tab and the user center then need the choice between the key file and the keys
 * the agents find (CONTEXT.md says what to add).
 */
import type { KeyAgent } from './agent';

/** A vendor's agent as the screens see it before it finds a key. */
export interface VendorAgent {
  /** A stable id, e.g. `acme-ukey`. */
  id: string;
  /** The vendor's product, as the screens name it. */
  label: string;
  /**
   * The keys plugged in that its agent reaches, each as a `KeyAgent`; empty when its agent is not
   * running or no key is plugged in (never rejects for that: the screens then say so).
   */
  findKeys(): Promise<KeyAgent[]>;
}

/** The vendors' agents this platform was built with; none by default. */
export const VENDOR_AGENTS: readonly VendorAgent[] = [];
