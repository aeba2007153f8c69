import { isValidPrice, isWithinCancelWindow, levelsProblem, outcomeOf, pipsBetween, SIGNAL_RULES } from '@le/contracts';
import { refuse } from '@le/event-kit';
import { SIGNALS_STREAM, type NewSignalEvent, type SignalUpdatedData } from './events';
import type { SignalDoc } from './projection';

/** Who acts; `isAdmin` comes from the stored user. */
export interface SignalActor {
  _id: string;
  name: string;
  isAdmin: boolean;
}

const adminOnly = (actor: SignalActor): void => {
  if (!actor.isAdmin) refuse('forbidden', 'ADMIN_ONLY', 'Only an admin can publish signals.');
};

/** Trims the analysis; blank is none. */
const cleanAnalysis = (analysis: string | null | undefined): string | null => {
  const trimmed = analysis?.trim() ?? '';
  if (trimmed.length > SIGNAL_RULES.analysisMax) refuse('invalid', 'ANALYSIS_TOO_LONG', `The analysis can be at most ${SIGNAL_RULES.analysisMax} characters.`);
  return trimmed === '' ? null : trimmed;
};

export interface OpenSignal {
  actor: SignalActor;
  signalId: string;
  side: 'buy' | 'sell';
  entry: number;
  stopLoss: number;
  takeProfits: number[];
  analysis?: string | null;
  now: string;
}

export const decideOpen = (command: OpenSignal): NewSignalEvent => {
  adminOnly(command.actor);
  const levels = { side: command.side, entry: command.entry, stopLoss: command.stopLoss, takeProfits: command.takeProfits };
  const problem = levelsProblem(levels);
  if (problem) refuse('invalid', 'BAD_LEVELS', problem);
  return {
    type: 'signal.opened',
    stream: SIGNALS_STREAM,
    actorId: command.actor._id,
    at: command.now,
    data: {
      signalId: command.signalId,
      ...levels,
      takeProfits: [...levels.takeProfits],
      analysis: cleanAnalysis(command.analysis),
      author: { _id: command.actor._id, name: command.actor.name },
    },
  };
};

const openSignal = (signal: SignalDoc | null): SignalDoc => {
  if (!signal) return refuse('not_found', 'SIGNAL_NOT_FOUND', 'Signal not found.');
  if (signal.status !== 'open') {
    refuse('conflict', 'SIGNAL_FINISHED', `This signal is ${signal.status} and can no longer change.`);
  }
  return signal;
};

const sameList = (a: number[], b: number[]): boolean => a.length === b.length && a.every((value, i) => value === b[i]);

export interface UpdateSignal {
  actor: SignalActor;
  signalId: string;
  stopLoss?: number;
  takeProfits?: number[];
  analysis?: string | null;
  now: string;
}

/** Moves the stop, changes the targets or edits the analysis; null when nothing would change. */
export const decideUpdate = (command: UpdateSignal, state: { signal: SignalDoc | null }): NewSignalEvent | null => {
  adminOnly(command.actor);
  const signal = openSignal(state.signal);
  const changes: Omit<SignalUpdatedData, 'signalId'> = {};
  if (command.stopLoss !== undefined && command.stopLoss !== signal.stopLoss) changes.stopLoss = command.stopLoss;
  if (command.takeProfits !== undefined && !sameList(command.takeProfits, signal.takeProfits)) changes.takeProfits = [...command.takeProfits];
  if (command.analysis !== undefined) {
    const analysis = cleanAnalysis(command.analysis);
    if (analysis !== signal.analysis) changes.analysis = analysis;
  }
  const problem = levelsProblem({
    side: signal.side,
    entry: signal.entry,
    stopLoss: command.stopLoss ?? signal.stopLoss,
    takeProfits: command.takeProfits ?? signal.takeProfits,
  }, { moving: true });
  if (problem) refuse('invalid', 'BAD_LEVELS', problem);
  if (Object.keys(changes).length === 0) return null;
  return { type: 'signal.updated', stream: SIGNALS_STREAM, actorId: command.actor._id, at: command.now, data: { signalId: signal._id, ...changes } };
};

export interface CloseSignal {
  actor: SignalActor;
  signalId: string;
  exitPrice: number;
  now: string;
}

/** Closes at a price: pips from the entry, outcome by where the price stands against the levels. */
export const decideClose = (command: CloseSignal, state: { signal: SignalDoc | null }): NewSignalEvent => {
  adminOnly(command.actor);
  const signal = openSignal(state.signal);
  if (!isValidPrice(command.exitPrice)) {
    refuse('invalid', 'BAD_PRICE', 'The exit price must be a price above 0 and below 1,000,000 with at most 2 decimals.');
  }
  return {
    type: 'signal.closed',
    stream: SIGNALS_STREAM,
    actorId: command.actor._id,
    at: command.now,
    data: {
      signalId: signal._id,
      exitPrice: command.exitPrice,
      pips: pipsBetween(signal.side, signal.entry, command.exitPrice),
      outcome: outcomeOf(signal, command.exitPrice),
    },
  };
};

export interface CancelSignal {
  actor: SignalActor;
  signalId: string;
  now: string;
}

/** Only within 5 minutes of opening; after that a signal is closed at a price (409). */
export const decideCancel = (command: CancelSignal, state: { signal: SignalDoc | null }): NewSignalEvent => {
  adminOnly(command.actor);
  const signal = openSignal(state.signal);
  if (!isWithinCancelWindow(signal.openedAt, command.now)) {
    refuse('conflict', 'CANCEL_WINDOW_CLOSED', 'A signal can only be cancelled within 5 minutes of opening; close it at a price instead.');
  }
  return { type: 'signal.cancelled', stream: SIGNALS_STREAM, actorId: command.actor._id, at: command.now, data: { signalId: signal._id } };
};
