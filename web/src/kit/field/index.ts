export { Field, FieldErrorText, FileField, TextField, TextAreaField } from './Field';
export type { FieldProps, FieldControlProps, FileFieldProps, TextFieldProps, TextAreaFieldProps } from './Field';
export { fieldErrors, humanizeFieldMessage, focusFirstFieldError } from './fieldErrors';
export type { FieldErrors } from './fieldErrors';
