// A tracking record by its id or by its number; null when there is none (PocketBase throws).

export function findById(app: core.App, id: string): core.Record | null {
  if (!id) return null;
  try {
    return app.findRecordById('tracking', id);
  } catch {
    return null;
  }
}

export function findByNumber(app: core.App, number: string): core.Record | null {
  try {
    return app.findFirstRecordByData('tracking', 'number', number);
  } catch {
    return null;
  }
}
