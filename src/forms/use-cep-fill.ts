import type { FormikProps } from 'formik';
import { useEffect, useRef, useState } from 'react';
import {
  CEP_LOOKING_NOTE,
  CEP_NOTE_LINES,
  cepCityNote,
  cepFill,
  cepNote,
  cepPlaceProblem,
  ufFromCep,
  type CepAnswer,
  type CepLayout,
} from '../domain/cep';
import type { FormValues } from '../domain/schemas';

interface Options {
  /** The CEP's field. */
  zip: string;
  /** Where an answer goes (see CepLayout). */
  layout: CepLayout;
  /** The field whose UF must agree with the CEP: a UF, or a city written 'Goiânia - GO'. */
  place: string;
  /** The field with the city, for the note when it is not the CEP's. */
  city: string;
}

const digitsOf = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

/**
 * A CEP that fills its address: the UF at once from the CEP's range (no signal needed), then
 * street, district and city from the device or a public service (src/lib/cep-lookup.ts, loaded
 * with the first complete CEP). Only empty fields, or fields an earlier CEP filled, are written;
 * the person may change any of them. The place's UF is checked against the CEP with the form's
 * own checks, so a contradiction stops the submit like any other error.
 */
export function useCepFill(form: FormikProps<FormValues>, { zip, layout, place, city }: Options) {
  /** What this hook wrote into each field, while the field still holds it. */
  const filled = useRef<Record<string, string>>({});
  /** Counts CEP changes: an answer for an earlier CEP is dropped. */
  const asked = useRef(0);
  // The values as last drawn, for an answer that arrives later, and the CEP for the check
  // (Formik hands a field's check its own value only).
  const values = useRef(form.values);
  const zipNow = useRef(form.values[zip] ?? '');
  const [looked, setLooked] = useState<{
    cep: string;
    answer: CepAnswer | null;
    note: string | null;
  } | null>(null);
  /** The CEP whose lookup is on its way. */
  const [looking, setLooking] = useState<string | null>(null);

  useEffect(() => {
    values.current = form.values;
    zipNow.current = form.values[zip] ?? '';
  });

  const { registerField, unregisterField } = form;
  useEffect(() => {
    registerField(place, {
      validate: (value: string) => cepPlaceProblem(zipNow.current, value ?? '') ?? undefined,
    });
    return () => unregisterField(place);
  }, [registerField, unregisterField, place]);

  const write = (answer: Partial<CepAnswer>, partial = false) => {
    const changes = cepFill(layout, answer, values.current, filled.current, { partial });
    for (const [field, value] of Object.entries(changes)) {
      if (value) filled.current[field] = value;
      else delete filled.current[field];
      void form.setFieldValue(field, value);
    }
    return changes;
  };

  const onZipChange = (value: string) => {
    const before = digitsOf(zipNow.current);
    zipNow.current = value;
    void form.setFieldValue(zip, value);
    const cep = digitsOf(value);
    const ask = ++asked.current;
    if (cep.length !== 8 || cep === before) return;
    const uf = ufFromCep(cep);
    if (uf) write({ state: uf }, true);
    setLooking(cep);
    void import('../lib/cep-lookup')
      .then(({ lookUpCep }) => lookUpCep(cep))
      // The lookup's own code could not load: as good as no signal.
      .catch(() => ({ outcome: navigator.onLine ? ('failed' as const) : ('offline' as const) }))
      .then((result) => {
        // Another CEP was typed meanwhile, or the form was sent and emptied.
        if (ask !== asked.current || digitsOf(zipNow.current) !== cep) return;
        const answer = result.outcome === 'found' ? result.answer : null;
        const changes = write(answer ?? (uf ? { state: uf } : {}));
        const fields = Object.keys(layout);
        const ufField = fields.some((f) => layout[f]![0] === 'state');
        // Some part of the address now holds what the CEP gave (not only the UF).
        const address = fields.some(
          (f) =>
            layout[f]![0] !== 'state' &&
            Boolean(filled.current[f]) &&
            (changes[f] ?? values.current[f]) === filled.current[f],
        );
        setLooked({
          cep,
          answer,
          note: cepNote(result.outcome, {
            filledAddress: address,
            ufFilled: Boolean(uf && ufField),
          }),
        });
      });
  };

  const digits = digitsOf(form.values[zip]);
  const shown = looked && looked.cep === digits ? looked : null;
  const asking = !shown && looking === digits;
  return {
    onZipChange,
    /**
     * The CEP field's helper: what the person is told under it (what was filled, or what is
     * theirs to type), in lines kept from the lookup's start, even while it says nothing.
     */
    zipHelper: {
      helper: asking ? CEP_LOOKING_NOTE : (shown?.note ?? undefined),
      helperLines: asking || shown ? CEP_NOTE_LINES : undefined,
    },
    /** Under the city, when the one typed is not the CEP's (a note, not an error). */
    cityNote: cepCityNote(shown?.answer ?? null, form.values[city] ?? '') ?? undefined,
  };
}
