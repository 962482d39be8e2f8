/** Where a phone link stands: opening, unusable, verifying the person, showing the content, or a page's own step. */
export type PhoneLinkPhase<O, V, X> =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'verify'; open: O }
  | { kind: 'view'; open: O; view: V; ticket: string }
  | { kind: 'step'; open: O | null; step: X };

export type PhoneLinkState<O, V, X> = { phase: PhoneLinkPhase<O, V, X>; company: string };

export type PhoneLinkEvent<O, V, X> =
  | { type: 'restart' }
  | { type: 'invalid'; message: string }
  | { type: 'opened'; open: O; company: string; view?: { view: V; ticket: string; company: string } }
  | { type: 'viewed'; view: V; ticket: string; company?: string }
  | { type: 'changed'; view: V }
  | { type: 'step'; step: X }
  | { type: 'expired' };

export function initialPhoneLink<O, V, X>(): PhoneLinkState<O, V, X> {
  return { phase: { kind: 'loading' }, company: '' };
}

function openOf<O, V, X>(phase: PhoneLinkPhase<O, V, X>): O | null {
  return phase.kind === 'verify' || phase.kind === 'view' || phase.kind === 'step' ? phase.open : null;
}

/** The phone link's state machine: open → verify → view (with a ticket), a page step from any opened state, back to verify when the ticket expires. */
export function phoneLinkReducer<O, V, X>(state: PhoneLinkState<O, V, X>, event: PhoneLinkEvent<O, V, X>): PhoneLinkState<O, V, X> {
  switch (event.type) {
    case 'restart':
      return initialPhoneLink();
    case 'invalid':
      return { ...state, phase: { kind: 'invalid', message: event.message } };
    case 'opened': {
      const { open, view } = event;
      if (view) return { company: view.company || event.company || state.company, phase: { kind: 'view', open, view: view.view, ticket: view.ticket } };
      return { company: event.company || state.company, phase: { kind: 'verify', open } };
    }
    case 'viewed': {
      const open = openOf(state.phase);
      if (open === null) return state;
      return { company: event.company || state.company, phase: { kind: 'view', open, view: event.view, ticket: event.ticket } };
    }
    case 'changed':
      return state.phase.kind === 'view' ? { ...state, phase: { ...state.phase, view: event.view } } : state;
    case 'step':
      return { ...state, phase: { kind: 'step', open: openOf(state.phase), step: event.step } };
    case 'expired': {
      const open = openOf(state.phase);
      return open === null ? state : { ...state, phase: { kind: 'verify', open } };
    }
  }
}
