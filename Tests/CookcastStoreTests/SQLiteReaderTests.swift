import Foundation
import Testing

@testable import CookcastStore

@Suite struct SQLiteReaderTests {
    @Test func readsAForeignFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("BlueTherm.sqlite")
        do {
            let db = try SQLiteConnection(path: path)
            try db.execute(
                """
                CREATE TABLE ZCOOK (Z_PK INTEGER PRIMARY KEY, ZNAME TEXT);
                CREATE TABLE ZREADING (Z_PK INTEGER PRIMARY KEY, ZCOOK INTEGER, ZTIME REAL, ZTEMP REAL, ZRAW BLOB);
                INSERT INTO ZCOOK VALUES (1, 'Brisket'), (2, '');
                INSERT INTO ZREADING VALUES (1, 1, 700000000.5, 4.5, x'0102'), (2, 1, 700000001.5, NULL, x''),
                    (3, 2, 700000002, 5, NULL);
                """)
        }
        let reader = try SQLiteReader(path: path)
        #expect(try reader.tableNames() == ["ZCOOK", "ZREADING"])
        #expect(try reader.columnNames(table: "ZREADING") == ["Z_PK", "ZCOOK", "ZTIME", "ZTEMP", "ZRAW"])
        #expect(try reader.columnNames(table: "NOPE").isEmpty)
        #expect(try reader.columnNames("SELECT ZTIME AS t, ZTEMP FROM ZREADING") == ["t", "ZTEMP"])
        let rows = try reader.rows(
            "SELECT ZTIME, ZTEMP, ZRAW FROM ZREADING WHERE ZCOOK = ? ORDER BY Z_PK", [.integer(1)])
        #expect(rows == [[.real(700000000.5), .real(4.5), .blob([1, 2])], [.real(700000001.5), .null, .blob([])]])
        #expect(try reader.rows("SELECT ZNAME FROM ZCOOK ORDER BY Z_PK") == [[.text("Brisket")], [.text("")]])
        // REAL affinity stores the integer 5 as 5.0; an INTEGER column reads back as an integer.
        #expect(try reader.rows("SELECT ZTEMP, Z_PK FROM ZREADING WHERE Z_PK = 3") == [[.real(5), .integer(3)]])
        #expect(SQLiteValue.integer(5).doubleValue == 5)
        #expect(SQLiteValue.real(5).int64Value == 5)
        #expect(SQLiteValue.real(5.5).int64Value == nil)

        let error = try #require(throws: SQLiteError.self) { try reader.rows("SELECT nope FROM ZCOOK") }
        #expect(error.description == "cannot read \(path): no such column: nope")
        // Read-only: writes are refused.
        #expect(throws: SQLiteError.self) { try reader.rows("DELETE FROM ZCOOK") }
        #expect(try reader.rows("SELECT count(*) FROM ZCOOK") == [[.integer(2)]])
    }

    @Test func missingFileIsAnError() throws {
        #expect(throws: StoreError.databaseNotFound(path: "/nonexistent/x.sqlite")) {
            try SQLiteReader(path: "/nonexistent/x.sqlite")
        }
    }

    @Test func statementBindsEveryType() throws {
        let db = try SQLiteConnection(path: ":memory:")
        let statement = try db.prepare("SELECT ?, ?, ?, ?, ?, ?, ?")
        #expect(statement.parameterCount == 7)
        statement.bind(Int64.min, at: 1)
        statement.bind(-0.0 as Double?, at: 2)
        statement.bind("", at: 3)
        statement.bind("a\u{0}b é", at: 4)
        statement.bind([UInt8](), at: 5)
        statement.bind(nil as String?, at: 6)
        statement.bind(SQLiteValue.blob([0, 255]), at: 7)
        #expect(try statement.step())
        #expect(
            (0..<7).map { statement.value(at: $0) } == [
                .integer(Int64.min), .real(-0.0), .text(""), .text("a\u{0}b é"), .blob([]), .null, .blob([0, 255]),
            ])
        #expect(try statement.step() == false)
    }
}
