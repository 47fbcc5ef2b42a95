export { Field, FieldErrorText, TextField, TextAreaField } from './Field';
export type { FieldProps, FieldControlProps, TextFieldProps, TextAreaFieldProps } from './Field';
export { fieldErrors, humanizeFieldMessage, focusFirstFieldError } from './fieldErrors';
export type { FieldErrors } from './fieldErrors';
