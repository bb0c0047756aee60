// The outbox as the rest of the app uses it: the engine, with every kind registered.
import './kinds';

export * from './engine';
export type { PhotoPayload, TrackingPayload } from './kinds';
