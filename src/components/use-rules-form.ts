import { useFormik } from 'formik';
import type { FormEvent } from 'react';
import type { ObjectSchema } from 'yup';
import { REQUIRED, type FieldErrors, type FieldRule } from '../domain/fields';
import type { FormValues } from '../domain/schemas';
import { scrollToFirstError } from './form-fields';

interface Options {
  rules: readonly FieldRule[];
  schema: ObjectSchema<FormValues>;
  initialValues: FormValues;
  onValid: (values: FormValues, reset: () => void) => Promise<void>;
  /** Said when a submit attempt finds errors (each form has its own words in SPEC.md §8). */
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

/**
 * A Formik form over the domain's field rules: errors show from the first submit attempt on,
 * each under its field, and an incomplete attempt scrolls to the first one.
 */
export function useRulesForm({ rules, schema, initialValues, onValid, onIncomplete }: Options) {
  const form = useFormik<FormValues>({
    initialValues,
    validationSchema: schema,
    onSubmit: (values, helpers) => onValid(values, () => helpers.resetForm()),
  });

  const isRequired = (name: string) => Boolean(rules.find((r) => r.name === name)?.required);

  const field = (name: string) => ({
    name,
    value: form.values[name] ?? '',
    onValueChange: (v: string) => void form.setFieldValue(name, v),
    error: form.submitCount > 0 ? form.errors[name] : undefined,
    required: isRequired(name),
  });

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

  return { form, field, isRequired, onSubmit };
}
