/** Yup schemas for the forms, built from the same field rules the server checks with. */
import { object, string, type AnySchema, type ObjectSchema } from 'yup';
import { checkField, type FieldRule } from './fields';

export type FormValues = Record<string, string>;

export function schemaFor(rules: readonly FieldRule[]): ObjectSchema<FormValues> {
  const shape: Record<string, AnySchema> = {};
  for (const rule of rules) {
    shape[rule.name] = string().test(rule.name, function check(value) {
      const message = checkField(rule, value ?? '', this.parent as Record<string, unknown>);
      return message ? this.createError({ message }) : true;
    });
  }
  return object(shape) as unknown as ObjectSchema<FormValues>;
}
