import { useFormik } from 'formik';
import type { FormEvent } from 'react';
import type { ObjectSchema } from 'yup';
import type { FieldRule, FormValues } from '../domain';
import { scrollToFirstError } from './form-fields';

interface Options {
  rules: readonly FieldRule[];
  schema: ObjectSchema<FormValues>;
  initialValues: FormValues;
  onValid: (values: FormValues, reset: () => void) => Promise<void>;
  /** Said when a submit attempt finds errors (each form has its own words in SPEC.md §8). */
  onIncomplete?: () => void;
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
      onIncomplete?.();
      scrollToFirstError();
      return;
    }
    await form.submitForm();
  };

  return { form, field, isRequired, onSubmit };
}
