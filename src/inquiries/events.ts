/**
 * In-process wake-ups: one listener set per inquiry, fired when its terminal state is written, so a
 * long-poll returns within milliseconds instead of at its next poll tick. Listeners are removed by
 * the unsubscribe function they get back (a disconnecting client must call it: no leak).
 */
export type InquiryListener = (inquiryId: string) => void;

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

  /** Wakes the inquiry's listeners; `state` is the terminal state written (a shared bus passes it on). */
  emit(inquiryId: string, _state?: string): void {
    this.wake(inquiryId);
  }

  /** Wakes this process's listeners only. */
  protected wake(inquiryId: string): void {
    const set = this.listeners.get(inquiryId);
    if (!set) return;
    for (const listener of [...set]) listener(inquiryId);
  }

  /** Listeners currently registered (all inquiries); the waiter-leak test reads it. */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}
