/**
 * In-process wake-ups: one listener set per inquiry, fired when its terminal state is written, so a
 * long-poll returns within milliseconds instead of at its next poll tick. Listeners are removed by
 * the unsubscribe function they get back (a disconnecting client must call it: no leak).
 */
/** A terminal inquiry's status response as JSON text, with the account it belongs to. */
export interface TerminalView {
  accountId: string;
  json: string;
}

/**
 * `state` is the terminal state written when the wake-up says so (absent: the listener re-checks
 * the store); `view`, when the wake-up carries it, is the status response, so nothing need be read back.
 */
export type InquiryListener = (inquiryId: string, state?: string, view?: TerminalView) => void;

/** A notification the terminal write sends in its own statement (delivered when it commits). */
export interface Announcement {
  channel: string;
  payload: string;
}

export class InquiryEvents {
  protected readonly listeners = new Map<string, Set<InquiryListener>>();

  on(inquiryId: string, listener: InquiryListener): () => void {
    let set = this.listeners.get(inquiryId);
    if (!set) this.listeners.set(inquiryId, (set = new Set()));
    set.add(listener);
    return () => {
      const current = this.listeners.get(inquiryId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(inquiryId);
    };
  }

  /**
   * What a terminal write should announce to other processes in the same statement, saving the
   * separate round trip of a NOTIFY after it (null: this bus stays in the process).
   */
  announcement(_inquiryId: string, _state: string, _view?: TerminalView): Announcement | null {
    return null;
  }

  /**
   * Wakes the inquiry's listeners; `state` is the terminal state written (a shared bus passes it
   * on). `announced`: the write already sent announcement(), so other processes know.
   */
  emit(inquiryId: string, state?: string, _announced = false): void {
    this.wake(inquiryId, state);
  }

  /** Wakes this process's listeners only. */
  protected wake(inquiryId: string, state?: string, view?: TerminalView): void {
    const set = this.listeners.get(inquiryId);
    if (!set) return;
    for (const listener of [...set]) listener(inquiryId, state, view);
  }

  /** Listeners currently registered (all inquiries); the waiter-leak test reads it. */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}
