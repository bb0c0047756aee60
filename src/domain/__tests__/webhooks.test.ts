import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_MESSAGES as M,
  addressFailing,
  checkWebhookUrl,
  failureText,
  lastAnswerText,
  retryDelaySeconds,
  shipmentEvent,
  storedWebhookUrl,
} from '../webhooks';

describe('checkWebhookUrl', () => {
  it.each([
    ['https://api.cliente.com.br/rotaveloz', ''],
    ['https://api.cliente.com.br:8443/hooks?conta=7', ''],
    ['  https://hooks.example.org  ', ''],
    ['', M.urlRequired],
    ['api.cliente.com.br/hook', M.https],
    ['http://api.cliente.com.br/hook', M.https],
    ['ftp://api.cliente.com.br/hook', M.https],
    ['https://user:pass@api.cliente.com.br/', M.credentials],
    ['https://localhost/hook', M.notPublic],
    ['https://127.0.0.1/hook', M.notPublic],
    ['https://10.1.2.3/hook', M.notPublic],
    ['https://172.20.0.1/hook', M.notPublic],
    ['https://192.168.0.10/hook', M.notPublic],
    ['https://169.254.169.254/latest/meta-data', M.notPublic],
    ['https://[::1]/hook', M.notPublic],
    ['https://servidor.local/hook', M.notPublic],
    ['https://intranet/hook', M.invalid],
    ['https://api.cliente.com.br:99999/', M.invalid],
    ['https://api cliente.com.br/', M.invalid],
    [`https://api.cliente.com.br/${'a'.repeat(500)}`, M.urlLong],
  ])('%s → %j', (url, message) => {
    expect(checkWebhookUrl(url)).toBe(message);
  });

  it('takes http:// to this machine only when the server runs for development or tests', () => {
    for (const url of [
      'http://127.0.0.1:4010/hook',
      'http://localhost:3000/',
      'http://[::1]:80/',
    ]) {
      expect(checkWebhookUrl(url)).toBe(M.https);
      expect(checkWebhookUrl(url, { loopbackHttp: true })).toBe('');
    }
    expect(checkWebhookUrl('http://10.0.0.1/hook', { loopbackHttp: true })).toBe(M.https);
    expect(checkWebhookUrl('http://api.cliente.com.br/', { loopbackHttp: true })).toBe(M.https);
  });

  it('stores the scheme and host in lower case, the path as typed', () => {
    expect(storedWebhookUrl(' HTTPS://Api.Cliente.com.br/Hook?A=1 ')).toBe(
      'https://api.cliente.com.br/Hook?A=1',
    );
  });
});

const shipment = {
  number: '123456789012',
  stages: ['1', '2'],
  receiverName: '',
  attempts: 0,
};

describe('shipmentEvent', () => {
  it('tells a stage reached or undone, with the stage the shipment is at and its words', () => {
    const set = shipmentEvent({
      action: 'stage-set',
      details: { stage: 2 },
      at: '2026-11-28 14:00:00.000Z',
      shipment: { ...shipment, pickupNumber: 42 },
    });
    expect(set).toEqual({
      type: 'shipment.stage',
      timestamp: '2026-11-28T14:00:00.000Z',
      data: {
        number: '123456789012',
        stage: 2,
        stageLabel: 'Encomenda enviada ao destino',
        at: '2026-11-28T14:00:00.000Z',
        pickupNumber: 42,
        changed: { stage: 2, set: true },
      },
    });
    const cleared = shipmentEvent({
      action: 'stage-cleared',
      details: { stage: 1 },
      at: '2026-11-28T14:05:00.000Z',
      shipment: { ...shipment, stages: [] },
    });
    expect(cleared?.data).toMatchObject({
      stage: 0,
      stageLabel: 'Aguardando coleta',
      changed: { stage: 1, set: false },
    });
  });

  it('tells the delivery with the receiver as typed, a failed attempt and the return', () => {
    const delivered = shipmentEvent({
      action: 'stage-set',
      details: { stage: 4, receiverName: 'Maria da Silva' },
      at: '2026-11-28 15:00:00.000Z',
      shipment: { ...shipment, stages: [1, 2, 3, 4] },
    });
    expect(delivered?.type).toBe('shipment.delivered');
    expect(delivered?.data).toMatchObject({
      stage: 4,
      stageLabel: 'Encomenda entregue',
      receiverName: 'Maria da Silva',
      deliveredAt: '2026-11-28T15:00:00.000Z',
    });
    const attempt = shipmentEvent({
      action: 'attempt',
      details: { reason: 'ausente', pending: true },
      at: '2026-11-28 16:00:00.000Z',
      shipment: { ...shipment, attempts: 3 },
    });
    expect(attempt?.type).toBe('shipment.attempt_failed');
    expect(attempt?.data.attempt).toEqual({
      reason: 'ausente',
      reasonLabel: 'Destinatário ausente',
      count: 3,
      pending: true,
    });
    const returned = shipmentEvent({
      action: 'decision',
      details: { decision: 'return' },
      at: '2026-11-29 09:00:00.000Z',
      shipment,
    });
    expect(returned?.type).toBe('shipment.returned');
    expect(returned?.data.returnedAt).toBe('2026-11-29T09:00:00.000Z');
  });

  it('tells nothing of an edit, a label, a driver or a new attempt decided', () => {
    for (const [action, details] of [
      ['edited', {}],
      ['label', {}],
      ['assigned', {}],
      ['decision', { decision: 'retry' }],
    ] as const) {
      expect(shipmentEvent({ action, details, at: '', shipment })).toBeNull();
    }
  });
});

describe('retries', () => {
  it('double from the base up to the bound', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelaySeconds(n, 30, 1800))).toEqual([
      30, 60, 120, 240, 480, 960, 1800, 1800,
    ]);
  });

  it('pause the whole address only when its server is down or overloaded', () => {
    expect([0, 408, 429, 500, 503].every(addressFailing)).toBe(true);
    expect([400, 401, 404, 410, 422].some(addressFailing)).toBe(false);
  });

  it('say in Portuguese why no answer came', () => {
    expect(failureText('Post "https://x": context deadline exceeded', 5)).toBe(
      'Sem resposta em 5 s',
    );
    expect(failureText('dial tcp 127.0.0.1:1: connect: connection refused', 5)).toBe(
      'Conexão recusada',
    );
    expect(failureText('dial tcp: lookup x.example: no such host', 5)).toBe(
      'Endereço não encontrado (DNS)',
    );
    expect(lastAnswerText({ lastStatus: 200, lastAnswer: 'ok' })).toBe('HTTP 200 · ok');
    expect(lastAnswerText({ lastStatus: 0, lastAnswer: 'Conexão recusada' })).toBe(
      'Conexão recusada',
    );
    expect(lastAnswerText({ lastStatus: 0, lastAnswer: '' })).toBe('Ainda sem resposta');
  });
});
