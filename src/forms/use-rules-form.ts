import { useFormik, validateYupSchema, yupToFormErrors } from 'formik';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ObjectSchema } from 'yup';
import { REQUIRED, validateSubmission, type FieldErrors, type FieldRule } from '../domain/fields';
import type { FormValues } from '../domain/schemas';
import { whenQuiet } from '../lib/idle';
import type { SubmissionKind } from '../domain/submissions';
import type { OutboxItem } from '../lib/db';
import { scrollToFirstError } from './form-fields';

/** What a page does with a valid form, and how it hands the outcome back. */
export interface SubmitContext {
  /** An outbox item this submission takes the place of (a refused one being corrected). */
  replaces?: string;
  /** Delivered or saved on the device: the form starts again. */
  reset: () => void;
  /** Refused by the server: the form keeps what was typed and shows the server's messages. */
  refused: (item: OutboxItem) => void;
}

interface Options {
  /** The kind of submission: an item of it refused earlier can be opened here (`?envio=<id>`). */
  kind: SubmissionKind;
  rules: readonly FieldRule[];
  initialValues: FormValues;
  onValid: (values: FormValues, context: SubmitContext) => Promise<void>;
  /** Said when a submit attempt finds errors (each form has its own words). */
  onIncomplete?: (problems: Problems) => void;
}

/** What a failed submit attempt found: required fields left empty, and what is wrong in the rest. */
export interface Problems {
  missing: string[];
  /** 'CPF do remetente: CPF inválido', in the order of the form. */
  invalid: string[];
}

export function problemsOf(rules: readonly FieldRule[], errors: FieldErrors): Problems {
  const problems: Problems = { missing: [], invalid: [] };
  for (const rule of rules) {
    const message = errors[rule.name];
    if (!message) continue;
    if (message === (rule.requiredMessage ?? REQUIRED)) problems.missing.push(rule.label);
    else problems.invalid.push(`${rule.label}: ${message}`);
  }
  return problems;
}

const schemas = new WeakMap<readonly FieldRule[], ObjectSchema<FormValues>>();

let schemaModule: Promise<typeof import('../domain/schemas')> | undefined;

/**
 * Yup and the schemas, fetched and evaluated apart from the form's page: with it they were one
 * long task while the page went live. Fetched again at the next check if the first try failed.
 */
function loadSchemas() {
  schemaModule ??= import('../domain/schemas').catch((error: unknown) => {
    schemaModule = undefined;
    throw error;
  });
  return schemaModule;
}

/** The Yup schema of a kind's rules, made once. */
async function schemaOf(rules: readonly FieldRule[]): Promise<ObjectSchema<FormValues>> {
  let schema = schemas.get(rules);
  if (!schema) {
    const { schemaFor } = await loadSchemas();
    schema = schemas.get(rules) ?? schemaFor(rules);
    schemas.set(rules, schema);
  }
  return schema;
}

/**
 * The form's errors, by its Yup schema. Where the schema's code cannot be had (a page opened
 * before the app was installed, then offline), the same rules checked directly: the schema is
 * made of them, so the messages are the same, and sending is never stuck on a missing file.
 */
async function errorsOf(rules: readonly FieldRule[], values: FormValues): Promise<FieldErrors> {
  const schema = await schemaOf(rules).catch(() => undefined);
  if (!schema) return validateSubmission(rules, values);
  try {
    await validateYupSchema(values, schema);
    return {};
  } catch (error) {
    if ((error as { name?: string }).name !== 'ValidationError') throw error;
    return yupToFormErrors<FormValues>(error) as FieldErrors;
  }
}

/** A stored payload as form values: every known field, as text. */
function asValues(initial: FormValues, payload: Record<string, unknown>): FormValues {
  const values = { ...initial };
  for (const name of Object.keys(initial)) {
    const v = payload[name];
    if (v !== undefined && v !== null) values[name] = String(v);
  }
  return values;
}

/**
 * A Formik form over the domain's field rules: errors show from the first submit attempt on,
 * each under its field, and an incomplete attempt scrolls to the first one. A submission the
 * server refused stays in the form (and in 'Envios') with the server's messages until corrected.
 */
export function useRulesForm({ kind, rules, initialValues, onValid, onIncomplete }: Options) {
  const [params, setParams] = useSearchParams();
  const reopenId = params.get('envio');
  const replaces = useRef<string | undefined>(undefined);
  const [serverRefused, setServerRefused] = useState(false);

  // The checks' Yup schema is loaded and made once the page is live and quiet (or at the first
  // check, if that comes first), not with the page's code nor amid its late work: Yup's
  // evaluation is a task of its own a phone need not fit between the page's.
  useEffect(() => whenQuiet(() => void schemaOf(rules).catch(() => undefined)), [rules]);
  const validate = useCallback((values: FormValues) => errorsOf(rules, values), [rules]);

  const form = useFormik<FormValues>({
    initialValues,
    validate,
    onSubmit: (values, helpers) =>
      onValid(values, {
        replaces: replaces.current,
        reset: () => {
          replaces.current = undefined;
          setServerRefused(false);
          helpers.resetForm();
          if (params.has('envio')) setParams({}, { replace: true });
        },
        refused: (item) => {
          replaces.current = item.id;
          setServerRefused(true);
          helpers.setErrors(item.fieldErrors ?? {});
          scrollToFirstError();
        },
      }),
  });

  // 'Abrir no formulário' from 'Envios': the refused item's values and messages, to correct.
  const { setValues, setErrors } = form;
  useEffect(() => {
    if (!reopenId) return;
    let cancelled = false;
    // The device's database loads only for this: the quote and urgent pages go live without it.
    void import('../lib/db').then(async ({ db }) => {
      const item = await db.outbox.get(reopenId);
      if (cancelled || !item || item.kind !== kind || item.state === 'sent') return;
      replaces.current = item.id;
      void setValues(asValues(initialValues, item.payload), false).then(() => {
        if (cancelled) return;
        setServerRefused(true);
        setErrors(item.fieldErrors ?? {});
        scrollToFirstError();
      });
    });
    return () => {
      cancelled = true;
    };
  }, [reopenId, kind, initialValues, setValues, setErrors]);

  const showErrors = form.submitCount > 0 || serverRefused;
  const isRequired = (name: string) => Boolean(rules.find((r) => r.name === name)?.required);

  const field = (name: string) => ({
    name,
    value: form.values[name] ?? '',
    onValueChange: (v: string) => void form.setFieldValue(name, v),
    error: showErrors ? form.errors[name] : undefined,
    required: isRequired(name),
  });

  /** A text field wholly from its rule: label and length too (a new field is one line on a form). */
  const ruleField = (name: string) => {
    const rule = rules.find((r) => r.name === name);
    return { ...field(name), label: rule?.label ?? name, maxLength: rule?.max };
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errors = await form.validateForm();
    if (Object.keys(errors).length > 0) {
      void form.submitForm(); // counts the attempt, so the errors show from now on
      onIncomplete?.(problemsOf(rules, errors as FieldErrors));
      scrollToFirstError();
      return;
    }
    await form.submitForm();
  };

  return { form, field, ruleField, isRequired, onSubmit, showErrors };
}
