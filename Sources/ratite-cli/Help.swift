/// `ratite help [COMMAND]` and `ratite COMMAND --help`: each command's options and, for
/// `layout` and `solve`, a summary of the file syntax.
enum Help {
    /// The commands, in the order `ratite help` lists them, with a one-line summary.
    static let commands: [(name: String, summary: String)] = [
        ("solve", "solve a system of linear constraints and print every variable"),
        ("layout", "lay out a layout file and print every item's frame"),
        ("vfl", "parse a Visual Format Language string and print its constraints"),
        ("generate", "print a generated benchmark system"),
        ("help", "print this help, or a command's: ratite help COMMAND"),
    ]

    /// The overview `ratite help` prints.
    static var overview: String {
        var text = "usage: ratite COMMAND [OPTIONS]\n\ncommands:\n"
        for c in commands {
            text += "  " + c.name + String(repeating: " ", count: max(1, 10 - c.name.count)) + c.summary + "\n"
        }
        text += "\n'ratite help COMMAND' or 'ratite COMMAND --help' describes a command.\n"
        text += "Exit status: 0 success, 64 usage error, 65 bad input data, 66 unreadable input, "
        text += "73 unwritable output;\n"
        text += "ratite layout also 1 (a constraint broken), 2 (ambiguous), 3 (both): see 'ratite help layout'.\n"
        return text
    }

    /// The help text of `command`, or nil for an unknown command.
    static func text(for command: String) -> String? {
        switch command {
        case "solve": solve
        case "layout": layout
        case "vfl": vfl
        case "generate": generate
        case "help":
            "usage: ratite help [COMMAND]\n\nPrints the list of commands, or one command's options and file syntax.\n"
        default: nil
        }
    }

    /// Whether `arguments` ask for help (`--help` or `-h` anywhere).
    static func isRequested(_ arguments: [String]) -> Bool {
        arguments.contains("--help") || arguments.contains("-h")
    }

    static let solve = """
        usage: ratite solve FILE|- [--json] [--timing]

        Solves the constraints of FILE (- for standard input) and prints every variable as
        'name = value', in order of first appearance.

        options:
          --json      print the values as a JSON object
          --timing    print parse, constraint, edit and update times to standard error
          --help, -h  print this help

        file syntax (one statement per line, # starts a comment):
          EXPR REL EXPR [@PRIORITY]   a constraint; REL is ==, <= or >=; EXPR is a linear
                                      expression of names and numbers (* and / by constants
                                      only, parentheses allowed): x + 2*y <= 3.5 @strong
          edit NAME [@PRIORITY]       make NAME an edit variable (default strong)
          suggest NAME VALUE          suggest a value for an edit variable
          PRIORITY                    a number in (0, 1000] or a name: required, strong,
                                      medium, weak, defaultHigh, dragThatCanResizeScene,
                                      windowSizeStayPut, dragThatCannotResizeScene,
                                      defaultLow, fittingSizeLevel

        Errors print FILE:LINE:COLUMN: error: MESSAGE and exit with 65.

        """

    static let layout = """
        usage: ratite layout FILE|- [--svg OUT.svg] [--rtl] [--size WxH] [--platform ios|macos]
                             [--allow-conflicts] [--allow-ambiguity]

        Builds the items and constraints of FILE (- for standard input), lays them out and
        prints each item's frame ('name: x y width height', in its parent's coordinates),
        then any conflict and ambiguity reports; a file with steps prints them after the
        first layout and after each step, under '== ' headings.

        options:
          --svg OUT.svg   also draw the layout as SVG
          --rtl           lay out right to left (root views without a direction)
          --size WxH      resize the root views after building (a rotation)
          --platform P    ios (the default): VFL's |- pins to the superview's layout
                          margins (8); macos: |- is the superview's edge + 20.
                          Overrides the file's platform line
          --allow-conflicts
                          exit 0 even if a required constraint had to be broken
          --allow-ambiguity
                          exit 0 even if the layout is ambiguous
          --help, -h      print this help

        exit status (over the first layout and every step: a conflict or an ambiguous
        layout in any of them counts, and standard error names the steps):
          0   no constraint broken and not ambiguous (what --allow-* accepts is ignored)
          1   a required constraint had to be broken (a conflict report was printed)
          2   the layout is ambiguous (an ambiguity report was printed)
          3   both
          64  usage error; 65 error in FILE (at its line, even in a step); 66 FILE
              unreadable; 73 OUT.svg unwritable. These win over 1 to 3.

        file syntax (one statement per line, # starts a comment):
          view NAME [in PARENT] [PROPERTIES]    a view (a root view without 'in')
          guide NAME in OWNER [insets ...]       a layout guide
          metric NAME = NUMBER                   a metric for the lines below
          platform ios|macos                     the conventions of the VFL lines below
          ITEM.ATTR REL [M *] ITEM.ATTR [* M | / M] [+|- C] [@P] [id=NAME]
          ITEM.ATTR REL C [@P] [id=NAME]         constraints; REL is ==, <= or >=; M, C, P
                                                 are numbers or metrics
          H:|-[a]-[b]-| [options=alignAllTop,...]  VFL (lines starting H:, V:, | or [)
          step [NAME]                            lay out what is above, then go on:
            set ITEM PROPERTIES                  intrinsic, hugging, compression, baseline,
                                                 margins, direction
            constant ID C / priority ID P        a constraint written with id=ID
            activate ID,... / deactivate ID,...
            resize ROOT WxH
          (frames, conflicts and ambiguity are printed after the first layout and after
          each step; --svg draws the steps side by side)
        properties: size WxH (root views), intrinsic WxH (- for none on an axis),
          hugging H[,V], compression H[,V] (priorities), baseline FIRST[,LAST] (first from
          the top, last from the bottom; one value is a single line of text),
          margins ALL|TOP,LEADING,BOTTOM,TRAILING, direction ltr|rtl,
          frame X,Y,W,H with autoresizing FLAG,...|none, insets (guides)
        attributes: left right top bottom leading trailing width height centerX centerY
          firstBaseline lastBaseline (baseline) and the *Margin / *WithinMargins forms
        priorities: a number in (0, 1000] or required, strong, medium, weak, defaultHigh,
          dragThatCanResizeScene, windowSizeStayPut, dragThatCannotResizeScene, defaultLow,
          fittingSizeLevel

        Errors print FILE:LINE:COLUMN: error: MESSAGE and exit with 65.

        """

    static let vfl = """
        usage: ratite vfl FORMAT|- [--views a,b,...] [--metrics name=value,...]
                                   [--options name,...] [--extended] [--canonical]

        Parses a Visual Format Language string (- for standard input) and prints its
        constraints in canonical form, one per line.

        options:
          --views a,b,...          the view names the format may use
          --metrics name=value,... metrics
          --options name,...       format options (alignAllTop, directionRightToLeft, ...)
          --extended               Ratite's extended syntax: whitespace, named priorities,
                                   arithmetic and attributes in predicates, comments, lines
          --canonical              print the format itself as canonical VFL
          --help, -h               print this help

        """

    static let generate = """
        usage: ratite generate chain|grid|tree|random|form --n N [--seed S]

        Prints a generated benchmark system in the solve format (form: a layout file).

        options:
          --n N       the size, 1 to 10000000
          --seed S    the random seed (default 1)
          --help, -h  print this help

        """
}
