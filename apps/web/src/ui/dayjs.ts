import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';

// Dates in Portuguese wherever dayjs is used (formatting, the date picker). Set here rather than when the app
// starts, so the first screen (/login), which shows no date, does not load dayjs.
dayjs.locale('pt-br');

export { dayjs };
