import { useMemo, useState } from 'react';
import { DataTable, dataTableColumns, formatPlainDate, type DataTableColumn } from '../../kit';
import { Specimen, State } from './Specimen';

interface SampleMember {
  id: number;
  name: string;
  email: string;
  joined: string;
  met: number;
}

const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Radia', 'Tim', 'Frances'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Torvalds', 'Hamilton', 'Ritchie', 'Liskov', 'Thompson', 'Perlman'];

export const SAMPLE_MEMBERS: SampleMember[] = Array.from({ length: 57 }, (_, i) => {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[(i * 7) % LAST.length]!;
  return {
    id: i + 1,
    name: `${first} ${last}`,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
    joined: `2026-${String((i % 11) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
    met: (i * 5) % 9,
  };
});

const col = dataTableColumns<SampleMember>();

/** Server paging: the page's rows come from "the server" (a slice here); Previous/Next ask for another page. */
function ServerPagedTable({ columns }: { columns: DataTableColumn<SampleMember>[] }) {
  const [page, setPage] = useState(1);
  const pageSize = 20;
  return (
    <DataTable
      label="Members paged by the server"
      data={SAMPLE_MEMBERS.slice((page - 1) * pageSize, page * pageSize)}
      columns={columns}
      getRowId={(m) => String(m.id)}
      rowHeader="name"
      paging={{ page, pageSize, total: SAMPLE_MEMBERS.length, onPageChange: setPage }}
    />
  );
}

export function KitTableSection() {
  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: 'Name',
        cell: (info) => (
          <span className="kit-demo-person">
            <strong>{info.getValue()}</strong>
            <span className="muted small">{info.row.original.email}</span>
          </span>
        ),
      }),
      col.accessor('joined', { header: 'Joined', cell: (info) => formatPlainDate(info.getValue(), { today: '2026-11-24' }) }),
      col.accessor('met', { header: 'Intros met' }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => (
          <button type="button" className="button button-secondary button-small" aria-label={`Opt out ${info.row.original.name}`}>
            Opt out
          </button>
        ),
      }),
    ],
    [],
  );
  return (
    <Specimen id="datatable" title="DataTable" use="Long lists: sortable headers, search across columns, pages. Scrolls sideways in its box on narrow screens.">
      <State label="57 members, 10 a page" wide>
        <DataTable label="Members" data={SAMPLE_MEMBERS} columns={columns} getRowId={(m) => String(m.id)} pageSize={10} searchPlaceholder="Search members…" unsearchable={['actions']} toolbar={<button className="button button-secondary">Export CSV</button>} />
      </State>
      <State label="Paged by the server (one page given, the total from the server)" wide>
        <ServerPagedTable columns={columns} />
      </State>
      <State label="Loading" wide>
        <DataTable label="Members loading" data={undefined} columns={columns} loading searchPlaceholder={false} />
      </State>
      <State label="Empty" wide>
        <DataTable label="No members" data={[]} columns={columns} searchPlaceholder={false} emptyText="No one has joined #intros yet." />
      </State>
    </Specimen>
  );
}
