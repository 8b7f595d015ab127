import Foundation
import Ratite

/// An SVG rasterized by a real renderer, `rsvg-convert` (Debian `librsvg2-bin`), read back
/// as RGB pixels. The PNG is decoded by a short Python program (zlib and the five PNG row
/// filters), as Foundation on Linux reads no PNG.
package struct RasterImage {
    package let width: Int
    package let height: Int
    /// RGB, row by row.
    package let pixels: [UInt8]

    /// Why rasterizing cannot run here, or nil when `rsvg-convert` and `python3` are both
    /// on the PATH.
    package static let unavailableReason: String? = {
        for (tool, package) in [("rsvg-convert", "librsvg2-bin"), ("python3", "python3")] where !onPath(tool) {
            return "\(tool) is not installed (Debian package \(package)); the SVG is not checked in a renderer"
        }
        return nil
    }()

    package static var isAvailable: Bool { unavailableReason == nil }

    private static func onPath(_ tool: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// Rasterizes `svg` at one pixel per unit.
    package init(svg: String) throws {
        let directory = FileManager.default.temporaryDirectory
        let stem = "ratite-raster-\(UUID().uuidString)"
        let svgURL = directory.appendingPathComponent(stem + ".svg")
        let pngURL = directory.appendingPathComponent(stem + ".png")
        defer {
            try? FileManager.default.removeItem(at: svgURL)
            try? FileManager.default.removeItem(at: pngURL)
        }
        try svg.write(to: svgURL, atomically: true, encoding: .utf8)
        _ = try Self.run(["rsvg-convert", "--format=png", "--output", pngURL.path, svgURL.path])
        let raw = try Self.run(["python3", "-c", Self.decoder, pngURL.path])
        guard let newline = raw.firstIndex(of: 0x0A),
              case let header = String(decoding: raw[..<newline], as: UTF8.self).split(separator: " "),
              header.count == 2, let w = Int(header[0]), let h = Int(header[1]),
              raw.count - newline - 1 == w * h * 3 else {
            throw RasterError("could not read the decoded PNG")
        }
        width = w
        height = h
        pixels = Array(raw[(newline + 1)...])
    }

    /// The pixel whose top-left corner is (x, y), or nil outside the image.
    package func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 3
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }

    /// Whether the pixel is an outline colour: strongly saturated, unlike the white
    /// background, the pale fills (even stacked a few deep) and the grey text.
    package func isOutline(_ x: Int, _ y: Int) -> Bool {
        guard let p = rgb(x, y) else { return false }
        return max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 90
    }

    /// Whether the pixel is dark (text).
    package func isDark(_ x: Int, _ y: Int) -> Bool {
        guard let p = rgb(x, y) else { return false }
        return p.r + p.g + p.b < 300
    }

    package struct RasterError: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }

    private static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RasterError("\(arguments[0]) failed: " + String(decoding: message, as: UTF8.self))
        }
        return data
    }

    /// Reads an 8-bit RGB or RGBA PNG (not interlaced) and writes "WIDTH HEIGHT\n" and the
    /// RGB bytes, composited over white.
    package static let decoder = """
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
        pos, idat = 8, b''
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b'IHDR':
                w, h, depth, color, _, _, interlace = struct.unpack('>IIBBBBB', body)
                assert depth == 8 and color in (2, 6) and interlace == 0
            elif kind == b'IDAT':
                idat += body
            pos += 12 + length
        n = 4 if color == 6 else 3
        raw = zlib.decompress(idat)
        stride = w * n
        out = bytearray()
        prev = bytearray(stride)
        i = 0
        for y in range(h):
            f = raw[i]
            row = bytearray(raw[i + 1:i + 1 + stride])
            i += 1 + stride
            for x in range(stride):
                a = row[x - n] if x >= n else 0
                b = prev[x]
                c = prev[x - n] if x >= n else 0
                if f == 1: row[x] = (row[x] + a) & 255
                elif f == 2: row[x] = (row[x] + b) & 255
                elif f == 3: row[x] = (row[x] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    row[x] = (row[x] + pr) & 255
            for x in range(w):
                px = row[x * n:x * n + n]
                alpha = px[3] if n == 4 else 255
                for k in range(3):
                    out.append((px[k] * alpha + 255 * (255 - alpha)) // 255)
            prev = row
        sys.stdout.buffer.write(b'%d %d\\n' % (w, h) + bytes(out))
        """
}
