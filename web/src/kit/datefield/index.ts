export { DateField, isWeekendDate, monthGrid, parseDisplay, toDisplay } from './DateField';
export type { DateFieldProps } from './DateField';
