import type { TimeSlot, Weekday, WeeklyAvailability } from '../../../shared/weekly-availability.ts';

// Weekly schedules of the demo vendors (product §3 availability). Real businesses keep different
// hours — a trainer at dawn, a tutor after school, a salon from Tuesday to Saturday — and the
// booking form's slots only look real when the schedules differ.

type DayPlan = readonly TimeSlot[] | null; // null: closed that day

function week(plan: Record<Weekday, DayPlan>): WeeklyAvailability {
  const day = (slots: DayPlan) =>
    // product §4: a disabled day keeps a slot (the editor cannot remove the last one).
    slots
      ? { enabled: true, slots: slots.map((s) => ({ ...s })) }
      : { enabled: false, slots: [{ start: '10:00', end: '14:00' }] };
  return {
    monday: day(plan.monday),
    tuesday: day(plan.tuesday),
    wednesday: day(plan.wednesday),
    thursday: day(plan.thursday),
    friday: day(plan.friday),
    saturday: day(plan.saturday),
    sunday: day(plan.sunday),
  };
}

const slot = (start: string, end: string): TimeSlot => ({ start, end });
const weekdaysOnly = (slots: DayPlan, saturday: DayPlan = null, sunday: DayPlan = null) => ({
  monday: slots,
  tuesday: slots,
  wednesday: slots,
  thursday: slots,
  friday: slots,
  saturday,
  sunday,
});
const everyDay = (slots: DayPlan) => weekdaysOnly(slots, slots, slots);

export const schedules = {
  /** The wizard's default (product §4). */
  office: () => week(weekdaysOnly([slot('09:00', '17:00')])),
  officeSaturday: () => week(weekdaysOnly([slot('09:00', '18:00')], [slot('09:00', '14:00')])),
  early: () => week(weekdaysOnly([slot('07:00', '13:00')], [slot('07:00', '13:00')])),
  split: () => week(weekdaysOnly([slot('08:00', '12:00'), slot('16:00', '20:00')], [slot('09:00', '13:00')])),
  afterSchool: () => week(weekdaysOnly([slot('15:00', '20:00')], [slot('09:00', '13:00')])),
  evenings: () =>
    week(weekdaysOnly([slot('17:00', '21:00')], [slot('10:00', '14:00')], [slot('10:00', '14:00')])),
  weekends: () =>
    week({
      monday: null,
      tuesday: null,
      wednesday: null,
      thursday: [slot('16:00', '20:00')],
      friday: [slot('16:00', '20:00')],
      saturday: [slot('09:00', '18:00')],
      sunday: [slot('09:00', '18:00')],
    }),
  athletes: () =>
    week(weekdaysOnly([slot('06:00', '10:00'), slot('18:00', '21:00')], [slot('07:00', '11:00')])),
  salon: () =>
    week({
      monday: null,
      tuesday: [slot('10:00', '19:00')],
      wednesday: [slot('10:00', '19:00')],
      thursday: [slot('10:00', '19:00')],
      friday: [slot('10:00', '20:00')],
      saturday: [slot('09:00', '17:00')],
      sunday: null,
    }),
  fullWeek: () => week(everyDay([slot('08:00', '20:00')])),
  lateNight: () => week(everyDay([slot('07:00', '23:30')])),
} satisfies Record<string, () => WeeklyAvailability>;

export type ScheduleName = keyof typeof schedules;
export const scheduleNames = Object.keys(schedules) as ScheduleName[];
