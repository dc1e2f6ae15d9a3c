import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { AdminListTab } from './admin-list-tab.tsx';

// The admin's list tabs (product §2 Vendors and Customers): paging, search, add, edit and delete, over
// a list of 30 rows served by real queries.

interface Person {
  id: string;
  name: string;
}

let people: Person[];
let deleted: string[];
let refuseDelete: boolean;
let asked: { q: string; limit: number }[];

function usePeople(q: string, limit: number) {
  return useQuery({
    queryKey: ['people', q, limit],
    queryFn: async () => {
      asked.push({ q, limit });
      const matching = people.filter((p) => p.name.toLowerCase().includes(q.toLowerCase()));
      return { items: matching.slice(0, limit), total: matching.length };
    },
    placeholderData: keepPreviousData,
  });
}

function useDeletePerson() {
  return useMutation({
    mutationFn: async (id: string) => {
      if (refuseDelete)
        throw new ApiError('conflict', 'This vendor has active bookings.', 409, undefined, {
          reason: 'vendor_has_active_bookings',
        });
      deleted.push(id);
      people = people.filter((p) => p.id !== id);
    },
  });
}

function renderTab() {
  renderWithProviders(
    <AdminListTab
      useList={usePeople}
      useDelete={useDeletePerson}
      errorToastId="people"
      text={{
        searchPlaceholder: 'Search people',
        add: 'Add Person',
        deleteText: (person) => `Delete ${person.name} for good?`,
        deleted: 'Person deleted',
        deleteFailed: 'Could not delete',
      }}
      skeletonClassName="h-24"
      listClassName="flex flex-col"
      row={(person, { edit, remove }) => (
        <li key={person.id}>
          {person.name}
          <button type="button" onClick={edit}>
            Edit {person.name}
          </button>
          <button type="button" onClick={remove}>
            Remove {person.name}
          </button>
        </li>
      )}
      form={({ item, open }) =>
        open ? <p role="dialog">{item ? `Editing ${item.name}` : 'Adding a person'}</p> : null
      }
    />,
  );
}

setUpComponentTests(['admin']);

beforeEach(async () => {
  people = Array.from({ length: 30 }, (_, i) => ({ id: `p${i}`, name: `Person ${i}` }));
  deleted = [];
  refuseDelete = false;
  asked = [];
  // The providers ask for the session once; the rows come from the hooks above, not the API.
  stubFetch(async () => Response.json(null));
  await i18n.changeLanguage('en');
});

describe('AdminListTab', () => {
  it('shows a page, then the next one with Load more, until all are shown', async () => {
    renderTab();
    expect(await screen.findByText('Showing 20 of 30')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 30 of 30')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(asked.map((a) => a.limit)).toEqual([20, 40]);
  });

  it('searches from the first page again, and says when nothing matches', async () => {
    renderTab();
    await screen.findByText('Showing 20 of 30');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing 30 of 30');
    changeValue(screen.getByRole('searchbox', { name: 'Search' }), ' person 2 ');
    // "Person 2" and "Person 20" to "Person 29", trimmed, asked for from the first page.
    expect(await screen.findByText('Showing 11 of 11')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ q: 'person 2', limit: 20 });
    changeValue(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    expect(await screen.findByText('Nothing matches this search.')).toBeTruthy();
  });

  it('opens the form empty to add, and with the row to edit', async () => {
    renderTab();
    await screen.findByText('Showing 20 of 30');
    fireEvent.click(screen.getByRole('button', { name: 'Add Person' }));
    expect(screen.getByRole('dialog').textContent).toBe('Adding a person');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Person 3' }));
    expect(screen.getByRole('dialog').textContent).toBe('Editing Person 3');
  });

  it('deletes a row only once confirmed', async () => {
    renderTab();
    await screen.findByText('Showing 20 of 30');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Person 4' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Delete Person 4 for good?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Person 4' }));
    confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['p4']));
  });

  it('says a refused delete with the title "Error", what failed and why, in the admin’s language', async () => {
    await i18n.changeLanguage('es-MX');
    refuseDelete = true;
    renderTab();
    await screen.findByText('Mostrando 20 de 30');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Person 4' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    // product §8.7: titled "Error"; the server's English never shows.
    const toast = (
      await screen.findByText(
        'Could not delete. Este proveedor tiene reservas activas. Cancélalas o espera a que terminen.',
      )
    ).closest('[data-sonner-toast]');
    expect(toast?.textContent).toBe(
      'ErrorCould not delete. Este proveedor tiene reservas activas. Cancélalas o espera a que terminen.',
    );
  });
});
